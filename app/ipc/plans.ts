import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

export function registerPlanHandlers({ plans, planDrafts }: Services) {
  return {
    ...forward(plans, { 'plans:active': 'active', 'plans:of': ['of', 'environmentId'], 'plans:choose': 'choose' }),
    ...forward(planDrafts, { 'plans:draft': 'draft', 'plans:save': ['save', 'text'] }),
    'plans:use': ({ environmentId, path }) => planDrafts.use(environmentId, path),
  } satisfies Partial<Handlers>;
}
