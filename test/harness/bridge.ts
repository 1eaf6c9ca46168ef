import { createBridge } from '../../shared/bridge.ts';
import type { Envelope } from '../../shared/errors.ts';

// The harness's stand-in for the preload: the same contract, carried over loopback HTTP.
window.eventdesk = createBridge(async (channel, input) => {
  const response = await fetch(`/__harness/ipc/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ input }),
  });
  return (await response.json()) as Envelope<unknown>;
});
