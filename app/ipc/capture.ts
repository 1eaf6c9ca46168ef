import { AppError } from '../../base/common/errors.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type CaptureChannels = 'capture:status' | 'capture:events' | 'capture:event' | 'capture:eventsText' | 'capture:saveEvents';

const noSandbox = () => new AppError('no-sandbox', 'The embedded sandbox is not running, so nothing is captured.');

/** The embedded sandbox's capture (features/capture/node/), for the Sandbox tab: its status and its events. */
export function registerCaptureHandlers({ capture, captureEvents }: Services): Pick<Handlers, CaptureChannels> {
  const events = () => {
    if (!captureEvents) throw noSandbox();
    return captureEvents;
  };
  return {
    'capture:status': () => {
      if (!capture) throw noSandbox();
      return capture.status();
    },
    'capture:events': (query) => events().page(query),
    'capture:event': (place) => events().event(place),
    'capture:eventsText': (selection) => events().text(selection),
    'capture:saveEvents': ({ selection, format }) => events().save(selection, format),
  };
}
