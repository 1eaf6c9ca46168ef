import type { Services } from '../services/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerPlanHandlers({ plans }: Services): Pick<Handlers, 'plans:active' | 'plans:choose'> {
  return {
    'plans:active': () => plans.active(),
    'plans:choose': () => plans.choose(),
  };
}
