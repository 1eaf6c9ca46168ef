import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerRunHandlers({
  runs,
}: Services): Pick<Handlers, 'runs:scenarios' | 'runs:secretsNeeded' | 'runs:start' | 'runs:stop' | 'runs:current' | 'runs:list' | 'runs:get'> {
  return {
    'runs:scenarios': () => runs.scenarios(),
    'runs:secretsNeeded': (request) => runs.secretsNeeded(request),
    'runs:start': (request) => runs.start(request),
    'runs:stop': ({ runId }) => (runs.stop(runId), null),
    'runs:current': () => runs.current(),
    'runs:list': () => runs.list(),
    'runs:get': ({ id }) => runs.get(id),
  };
}
