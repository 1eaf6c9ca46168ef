import { AppError } from '../../base/common/errors.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type SandboxChannels = 'sandbox:info' | 'sandbox:setPort' | 'sandbox:traffic' | 'sandbox:clear' | 'sandbox:faults' | 'sandbox:setFaults' | 'sandbox:choosePlan' | 'sandbox:clearPlan' | 'sandbox:setForward';

export function registerSandboxHandlers({ sandbox, sandboxAddress, sandboxPlan, sandboxForward }: Services): Pick<Handlers, SandboxChannels> {
  const notRunning = () => new AppError('no-sandbox', 'The embedded sandbox is not running.');
  const running = () => {
    if (!sandbox) throw notRunning();
    return sandbox;
  };
  const address = () => {
    if (!sandboxAddress) throw notRunning();
    return sandboxAddress;
  };
  const plans = () => {
    if (!sandboxPlan) throw notRunning();
    return sandboxPlan;
  };
  const forwarding = () => {
    if (!sandboxForward) throw notRunning();
    return sandboxForward;
  };
  return {
    'sandbox:info': () => address().view(),
    'sandbox:setPort': ({ port }) => address().setPort(port),
    'sandbox:traffic': () => running().traffic(),
    'sandbox:clear': () => (running().clearTraffic(), null),
    'sandbox:faults': () => running().faults(),
    'sandbox:setFaults': (patch) => running().setFaults(patch),
    'sandbox:choosePlan': () => plans().choose(),
    'sandbox:clearPlan': () => plans().clear(),
    'sandbox:setForward': async ({ environmentId }) => (await forwarding().set(environmentId), address().view()),
  };
}
