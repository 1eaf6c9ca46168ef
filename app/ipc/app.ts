import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

export function registerAppHandlers({ appInfo, desktop }: Services) {
  return {
    ...forward(appInfo, { 'app:info': 'info' }),
    ...forward(desktop, { 'app:openDataFolder': 'openDataFolder', 'app:setTheme': ['setTheme', 'theme'] }),
    'app:exportDiagnostics': async () => {
      const path = await desktop.exportDiagnostics();
      return path === null ? null : { path };
    },
  } satisfies Partial<Handlers>;
}
