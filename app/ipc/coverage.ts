import type { Services } from '../node/index.ts';
import { forward } from './forward.ts';

/** A tracking plan's coverage by the history's batches or by what the sandbox captured (features/coverage/node/coverage.ts). */
export function registerCoverageHandlers({ coverage }: Services) {
  return forward(coverage, {
    'history:coverage': 'history',
    'history:stopCoverage': ['stop', 'runId'],
    'capture:coverage': 'capture',
    'capture:stopCoverage': ['stop', 'runId'],
  });
}
