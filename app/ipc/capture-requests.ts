import { AppError } from '../../base/common/errors.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type CaptureRequestChannels = 'capture:requests' | 'capture:request' | 'capture:clear' | 'capture:exportHar';

/** The Sandbox tab's requests, read from the embedded sandbox's capture. */
export function registerCaptureRequestHandlers({ captureRequests }: Services): Pick<Handlers, CaptureRequestChannels> {
  const requests = () => {
    if (!captureRequests) throw new AppError('no-sandbox', 'The embedded sandbox is not running, so nothing is captured.');
    return captureRequests;
  };
  return {
    'capture:requests': (input) => requests().list(input),
    'capture:request': ({ id }) => requests().detail(id),
    'capture:clear': () => requests().clear(),
    'capture:exportHar': ({ ids }) => requests().exportHar(ids),
  };
}
