import { withSandbox } from '../../features/sandbox/node/no-sandbox.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type SandboxChannels =
  | 'sandbox:info'
  | 'sandbox:setPort'
  | 'sandbox:traffic'
  | 'sandbox:clear'
  | 'sandbox:faults'
  | 'sandbox:setFaults'
  | 'sandbox:choosePlan'
  | 'sandbox:clearPlan'
  | 'sandbox:setForward';

export function registerSandboxHandlers({ sandbox, sandboxAddress, sandboxPlan, sandboxForward }: Services): Pick<Handlers, SandboxChannels> {
  return {
    'sandbox:info': () => withSandbox(sandboxAddress).view(),
    'sandbox:setPort': ({ port }) => withSandbox(sandboxAddress).setPort(port),
    'sandbox:traffic': () => withSandbox(sandbox).traffic(),
    'sandbox:clear': () => (withSandbox(sandbox).clearTraffic(), null),
    'sandbox:faults': () => withSandbox(sandbox).faults(),
    'sandbox:setFaults': (patch) => withSandbox(sandbox).setFaults(patch),
    'sandbox:choosePlan': () => withSandbox(sandboxPlan).choose(),
    'sandbox:clearPlan': () => withSandbox(sandboxPlan).clear(),
    'sandbox:setForward': async ({ environmentId }) => (await withSandbox(sandboxForward).set(environmentId), withSandbox(sandboxAddress).view()),
  };
}
