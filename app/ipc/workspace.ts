import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerWorkspaceHandlers({
  workspaces,
}: Services): Pick<Handlers, 'workspace:current' | 'workspace:open' | 'workspace:recent' | 'workspace:openRecent' | 'workspace:close' | 'workspace:openFile'> {
  return {
    'workspace:current': () => workspaces.current(),
    'workspace:open': () => workspaces.choose(),
    'workspace:recent': () => workspaces.recent(),
    'workspace:openRecent': ({ root }) => workspaces.openRecent(root),
    'workspace:close': async () => {
      await workspaces.close();
      return null;
    },
    'workspace:openFile': ({ path }) => workspaces.openFile(path),
  };
}
