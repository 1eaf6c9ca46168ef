import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerDraftHandlers({
  drafts,
}: Services): Pick<Handlers, 'drafts:list' | 'drafts:save' | 'drafts:saveEdits' | 'drafts:saveOrigins' | 'drafts:activate' | 'drafts:close'> {
  return {
    'drafts:list': () => drafts.list(),
    'drafts:save': async (draft) => (await drafts.save(draft), null),
    'drafts:saveEdits': async (edits) => (await drafts.saveEdits(edits), null),
    'drafts:saveOrigins': async (origins) => (await drafts.saveOrigins(origins), null),
    'drafts:activate': async ({ id }) => (await drafts.activate(id), null),
    'drafts:close': async ({ id }) => (await drafts.close(id), null),
  };
}
