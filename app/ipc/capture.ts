import { withSandbox } from '../../features/sandbox/node/no-sandbox.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

/** The embedded sandbox's capture (features/capture/node/), for the Sandbox tab: its status, its requests and its events. */
export function registerCaptureHandlers({ capture, captureRequests, captureEvents }: Services) {
  return {
    ...forward(() => withSandbox(capture), { 'capture:status': 'status' }),
    ...forward(() => withSandbox(captureRequests), {
      'capture:requests': 'list',
      'capture:request': ['detail', 'id'],
      'capture:clear': 'clear',
      'capture:exportHar': ['exportHar', 'ids'],
    }),
    ...forward(() => withSandbox(captureEvents), { 'capture:events': 'page', 'capture:event': 'event', 'capture:eventsText': 'text' }),
    'capture:saveEvents': ({ selection, format }) => withSandbox(captureEvents).save(selection, format),
  } satisfies Partial<Handlers>;
}
