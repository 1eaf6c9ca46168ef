import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

/** The open batches' drafts and the files they come from and go to (features/documents/node/). */
export function registerDocumentHandlers({ drafts, files, openedFiles }: Services) {
  return {
    ...forward(drafts, {
      'drafts:list': 'list',
      'drafts:save': 'save',
      'drafts:saveEdits': 'saveEdits',
      'drafts:saveOrigins': 'saveOrigins',
      'drafts:activate': ['activate', 'id'],
      'drafts:close': ['close', 'id'],
    }),
    ...forward(files, { 'files:recent': 'recent', 'files:open': 'open', 'files:import': 'import', 'files:openRecent': ['openRecent', 'path'] }),
    ...forward(openedFiles, { 'files:takeOpened': 'take' }),
    'files:save': async (request) => {
      const path = await files.save(request);
      return path === null ? null : { path };
    },
  } satisfies Partial<Handlers>;
}
