import { AppError } from '../../shared/errors.ts';
import type { Services } from '../services/index.ts';
import type { Handlers } from './dispatch.ts';

type SandboxChannels = 'sandbox:info' | 'sandbox:traffic' | 'sandbox:clear' | 'sandbox:faults' | 'sandbox:setFaults';

export function registerSandboxHandlers({ sandbox }: Services): Pick<Handlers, SandboxChannels> {
  const running = () => {
    if (!sandbox) throw new AppError('no-sandbox', 'The embedded sandbox is not running.');
    return sandbox;
  };
  return {
    'sandbox:info': () => running().info(),
    'sandbox:traffic': () => running().traffic(),
    'sandbox:clear': () => (running().clearTraffic(), null),
    'sandbox:faults': () => running().faults(),
    'sandbox:setFaults': (patch) => running().setFaults(patch),
  };
}
