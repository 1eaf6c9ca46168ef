import { withSandbox } from '../../features/sandbox/node/no-sandbox.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type CaptureRequestChannels = 'capture:requests' | 'capture:request' | 'capture:clear' | 'capture:exportHar';

/** The Sandbox tab's requests, read from the embedded sandbox's capture. */
export function registerCaptureRequestHandlers({ captureRequests }: Services): Pick<Handlers, CaptureRequestChannels> {
  return {
    'capture:requests': (input) => withSandbox(captureRequests).list(input),
    'capture:request': ({ id }) => withSandbox(captureRequests).detail(id),
    'capture:clear': () => withSandbox(captureRequests).clear(),
    'capture:exportHar': ({ ids }) => withSandbox(captureRequests).exportHar(ids),
  };
}
