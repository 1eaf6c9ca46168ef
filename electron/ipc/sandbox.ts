import { AppError } from '../../shared/errors.ts';
import type { Services } from '../services/index.ts';
import type { Handlers } from './dispatch.ts';

type SandboxChannels = 'sandbox:info' | 'sandbox:traffic' | 'sandbox:clear' | 'sandbox:faults' | 'sandbox:setFaults' | 'sandbox:choosePlan' | 'sandbox:clearPlan';

export function registerSandboxHandlers({ sandbox, sandboxPlan }: Services): Pick<Handlers, SandboxChannels> {
  const notRunning = () => new AppError('no-sandbox', 'The embedded sandbox is not running.');
  const running = () => {
    if (!sandbox) throw notRunning();
    return sandbox;
  };
  const plans = () => {
    if (!sandboxPlan) throw notRunning();
    return sandboxPlan;
  };
  return {
    'sandbox:info': () => running().info(),
    'sandbox:traffic': () => running().traffic(),
    'sandbox:clear': () => (running().clearTraffic(), null),
    'sandbox:faults': () => running().faults(),
    'sandbox:setFaults': (patch) => running().setFaults(patch),
    'sandbox:choosePlan': () => plans().choose(),
    'sandbox:clearPlan': () => plans().clear(),
  };
}
