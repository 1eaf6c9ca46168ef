import { withSandbox } from '../../features/sandbox/node/no-sandbox.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type CaptureChannels = 'capture:status' | 'capture:events' | 'capture:event' | 'capture:eventsText' | 'capture:saveEvents';

/** The embedded sandbox's capture (features/capture/node/), for the Sandbox tab: its status and its events. */
export function registerCaptureHandlers({ capture, captureEvents }: Services): Pick<Handlers, CaptureChannels> {
  return {
    'capture:status': () => withSandbox(capture).status(),
    'capture:events': (query) => withSandbox(captureEvents).page(query),
    'capture:event': (place) => withSandbox(captureEvents).event(place),
    'capture:eventsText': (selection) => withSandbox(captureEvents).text(selection),
    'capture:saveEvents': ({ selection, format }) => withSandbox(captureEvents).save(selection, format),
  };
}
