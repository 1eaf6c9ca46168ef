import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

/** The Sandbox tab's plan coverage of what the sandbox captured (features/coverage/node/coverage.ts). */
export function registerCaptureCoverageHandlers({ coverage }: Services): Pick<Handlers, 'capture:coverage' | 'capture:stopCoverage'> {
  return {
    'capture:coverage': (input) => coverage.capture(input),
    'capture:stopCoverage': ({ runId }) => {
      coverage.stop(runId);
      return null;
    },
  };
}
