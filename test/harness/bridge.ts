import { createBridge } from '../../shared/bridge.ts';
import type { Envelope } from '../../shared/errors.ts';

// The harness's stand-in for the preload: the same contract, calls over loopback HTTP and
// pushes over server-sent events.
let events: EventSource | undefined;

window.eventdesk = createBridge(
  async (channel, input) => {
    const response = await fetch(`/__harness/ipc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    return (await response.json()) as Envelope<unknown>;
  },
  (push, listener) => {
    events ??= new EventSource('/__harness/events');
    const handler = (event: MessageEvent<string>) => listener(JSON.parse(event.data));
    events.addEventListener(push, handler);
    return () => events?.removeEventListener(push, handler);
  },
);
