import type { Services } from '../services/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerAppHandlers(services: Services): Pick<Handlers, 'app:info'> {
  return {
    'app:info': () => services.appInfo.info(),
  };
}
