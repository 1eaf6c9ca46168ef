import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerFileHandlers({
  files,
  openedFiles,
}: Services): Pick<Handlers, 'files:recent' | 'files:open' | 'files:import' | 'files:openRecent' | 'files:save' | 'files:takeOpened'> {
  return {
    'files:recent': () => files.recent(),
    'files:open': () => files.open(),
    'files:import': () => files.import(),
    'files:openRecent': ({ path }) => files.openRecent(path),
    'files:save': async (request) => {
      const path = await files.save(request);
      return path === null ? null : { path };
    },
    'files:takeOpened': () => openedFiles.take(),
  };
}
