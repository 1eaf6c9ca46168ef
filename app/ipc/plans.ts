import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerPlanHandlers({
  plans,
  planDrafts,
}: Services): Pick<Handlers, 'plans:active' | 'plans:of' | 'plans:choose' | 'plans:draft' | 'plans:save' | 'plans:use'> {
  return {
    'plans:active': () => plans.active(),
    'plans:of': ({ environmentId }) => plans.of(environmentId),
    'plans:choose': () => plans.choose(),
    'plans:draft': (request) => planDrafts.draft(request),
    'plans:save': ({ text }) => planDrafts.save(text),
    'plans:use': ({ environmentId, path }) => planDrafts.use(environmentId, path),
  };
}
