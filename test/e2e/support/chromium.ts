/**
 * Debian's Chromium, with the flags that keep it off the network: this machine has no route
 * out, and Chromium's background services would otherwise try (and fail) at every start.
 */
export const chromiumExecutable = process.env.EVENTDESK_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
