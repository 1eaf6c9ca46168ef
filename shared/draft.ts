import { z } from 'zod';

/** The largest batch text EventDesk keeps as a draft: well past 100 000 events of pretty JSON. */
export const MAX_DRAFT_CHARS = 120 * 1024 * 1024;

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
  text: z.string().max(MAX_DRAFT_CHARS),
  /** The file it was opened from or saved to, if any. */
  filePath: z.string().max(4096).nullable(),
  updatedAt: z.string(),
  revision: RevisionSchema.default(0),
});
export type Draft = z.output<typeof DraftSchema>;
export type DraftInput = z.input<typeof DraftSchema>;

export const TextChangeSchema = z.object({
  rangeOffset: z.number().int().min(0).max(MAX_DRAFT_CHARS),
  rangeLength: z.number().int().min(0).max(MAX_DRAFT_CHARS),
  text: z.string().max(MAX_DRAFT_CHARS),
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

export const DraftListSchema = z.object({
  drafts: z.array(DraftSchema),
  activeId: z.string().nullable(),
});
export type DraftList = z.output<typeof DraftListSchema>;
