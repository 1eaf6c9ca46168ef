import { AppError } from '../../shared/errors.ts';
import type { Services } from '../services/index.ts';
import type { Handlers } from './dispatch.ts';

/** The embedded sandbox's capture (electron/capture/), for the Sandbox tab. */
export function registerCaptureHandlers({ capture }: Services): Pick<Handlers, 'capture:status'> {
  return {
    'capture:status': () => {
      if (!capture) throw new AppError('no-sandbox', 'The embedded sandbox is not running, so nothing is captured.');
      return capture.status();
    },
  };
}
