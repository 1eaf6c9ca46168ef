import type { Services } from '../node/index.ts';
import { forward } from './forward.ts';

export function registerRunHandlers({ runs }: Services) {
  return forward(runs, {
    'runs:scenarios': 'scenarios',
    'runs:secretsNeeded': 'secretsNeeded',
    'runs:start': 'start',
    'runs:stop': ['stop', 'runId'],
    'runs:current': 'current',
    'runs:list': 'list',
    'runs:get': ['get', 'id'],
  });
}
