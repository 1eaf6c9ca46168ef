import { withSandbox } from '../../features/sandbox/node/no-sandbox.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

export function registerSandboxHandlers({ sandbox, sandboxAddress, sandboxPlan, sandboxForward }: Services) {
  return {
    ...forward(() => withSandbox(sandboxAddress), { 'sandbox:info': 'view', 'sandbox:setPort': ['setPort', 'port'] }),
    ...forward(() => withSandbox(sandbox), {
      'sandbox:traffic': 'traffic',
      'sandbox:clear': 'clearTraffic',
      'sandbox:faults': 'faults',
      'sandbox:setFaults': 'setFaults',
    }),
    ...forward(() => withSandbox(sandboxPlan), { 'sandbox:choosePlan': 'choose', 'sandbox:clearPlan': 'clear' }),
    'sandbox:setForward': async ({ environmentId }) => (await withSandbox(sandboxForward).set(environmentId), withSandbox(sandboxAddress).view()),
  } satisfies Partial<Handlers>;
}
