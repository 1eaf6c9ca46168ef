import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type AppChannels = 'app:info' | 'app:openDataFolder' | 'app:openDocs' | 'app:exportDiagnostics' | 'app:setTheme';

export function registerAppHandlers({ appInfo, desktop }: Services): Pick<Handlers, AppChannels> {
  return {
    'app:info': () => appInfo.info(),
    'app:openDataFolder': async () => (await desktop.openDataFolder(), null),
    'app:openDocs': async () => (await desktop.openDocs(), null),
    'app:exportDiagnostics': async () => {
      const path = await desktop.exportDiagnostics();
      return path === null ? null : { path };
    },
    'app:setTheme': ({ theme }) => (desktop.setTheme(theme), null),
  };
}
