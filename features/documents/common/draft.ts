import { z } from 'zod';
import { MAX_BATCH_CHARS, MAX_PSEUDONYM_ORIGINS, PSEUDONYM_ORIGIN_MAX } from '../../history/common/submission.ts';

/**
 * Each autosave of a draft is numbered: a save of the whole text sets the number, each save of
 * the edits since the last one moves it on by one. The number is how the service knows the
 * edits apply to the text it holds.
 */
const RevisionSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** An open batch as it is autosaved: the text exactly as typed, and where it came from. */
export const DraftSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  text: z.string().max(MAX_BATCH_CHARS),
  /** The file it was opened from or saved to, if any. */
  filePath: z.string().max(4096).nullable(),
  updatedAt: z.string(),
  revision: RevisionSchema.default(0),
});
export type Draft = z.output<typeof DraftSchema>;
export type DraftInput = z.input<typeof DraftSchema>;

export const TextChangeSchema = z.object({
  rangeOffset: z.number().int().min(0).max(MAX_BATCH_CHARS),
  rangeLength: z.number().int().min(0).max(MAX_BATCH_CHARS),
  text: z.string().max(MAX_BATCH_CHARS),
});

/**
 * The edits made to a draft since its save numbered `revision` (none when only its name or
 * file changed), with its name and file as they are now; saved, they make `revision + 1`.
 */
export const DraftEditsSchema = DraftSchema.omit({ text: true, revision: true }).extend({
  revision: RevisionSchema,
  changes: z.array(TextChangeSchema).max(100_000),
});
export type DraftEdits = z.infer<typeof DraftEditsSchema>;

/**
 * An original customer or device id a pseudonymize replaced in a draft, by the pseudonym that
 * replaced it. Kept beside the draft (local only, never sent, never exported, deleted with it)
 * so that a send after a restart still notes in the history whom the batch was made from;
 * bounded like that note.
 */
export const PseudonymOriginSchema = z.object({
  pseudonym: z.string().min(1).max(PSEUDONYM_ORIGIN_MAX),
  kind: z.enum(['customer', 'device']),
  original: z.string().max(PSEUDONYM_ORIGIN_MAX),
});
export type PseudonymOrigin = z.infer<typeof PseudonymOriginSchema>;
const PseudonymOriginsSchema = z.array(PseudonymOriginSchema).max(MAX_PSEUDONYM_ORIGINS);

/** Every original id the draft was pseudonymized from, replacing those kept before (none: nothing kept). */
export const DraftOriginsSchema = z.object({ id: DraftSchema.shape.id, origins: PseudonymOriginsSchema });
export type DraftOrigins = z.infer<typeof DraftOriginsSchema>;

/** A draft as it is reopened: with the original ids kept beside it, if any. */
const ReopenedDraftSchema = DraftSchema.extend({ origins: PseudonymOriginsSchema.optional() });
export type ReopenedDraft = z.output<typeof ReopenedDraftSchema>;

export const DraftListSchema = z.object({
  drafts: z.array(ReopenedDraftSchema),
  activeId: z.string().nullable(),
});
export type DraftList = z.output<typeof DraftListSchema>;
