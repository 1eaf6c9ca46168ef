import { z } from 'zod';
import { ById, NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { DraftEditsSchema, DraftListSchema, DraftOriginsSchema, DraftSchema } from './draft.ts';
import { ImportedFileSchema, OpenedFileSchema, RecentFileSchema, SaveRequestSchema } from './files.ts';

export const documentsChannels = {
  'drafts:list': { input: NoInput, output: DraftListSchema },
  /** A draft's whole text: a new draft, or one whose edits went out of step (draft-out-of-step). */
  'drafts:save': { input: DraftSchema, output: z.null() },
  /** The edits made since the draft's last save, as the editor reported them: an autosave of a big batch stays small. */
  'drafts:saveEdits': { input: DraftEditsSchema, output: z.null() },
  /** The original ids a pseudonymize of the draft replaced, kept beside it for the send's note in the history. */
  'drafts:saveOrigins': { input: DraftOriginsSchema, output: z.null() },
  'drafts:activate': { input: ById, output: z.null() },
  'drafts:close': { input: ById, output: z.null() },

  'files:recent': { input: NoInput, output: z.array(RecentFileSchema) },
  'files:open': { input: NoInput, output: OpenedFileSchema.nullable() },
  /** Asks for a file to import events from (the OS dialog) and reads it; it joins no recent list. */
  'files:import': { input: NoInput, output: ImportedFileSchema.nullable() },
  'files:openRecent': { input: z.object({ path: z.string().max(4096) }), output: OpenedFileSchema },
  'files:save': { input: SaveRequestSchema, output: z.object({ path: z.string() }).nullable() },
  /**
   * The files the OS opened before the page listened (a file given at launch, macOS open-file):
   * answered once, then forgotten. Call it right after subscribing to files.onOpened; from then
   * on every opened file arrives as a `files:opened` push.
   */
  'files:takeOpened': { input: NoInput, output: z.array(OpenedFileSchema) },
} as const satisfies ChannelSchemas;

export const documentsPushes = {
  /**
   * A batch file the OS opened (second launch with a path, macOS open-file, file association,
   * File → Open Recent): open it as a tab. Main has registered it as chosen, so Save writes back to it.
   */
  'files:opened': OpenedFileSchema,
} as const satisfies PushSchemas;
