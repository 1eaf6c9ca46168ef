import { z } from 'zod';

/** The largest batch text EventDesk keeps as a draft: well past 100 000 events of pretty JSON. */
export const MAX_DRAFT_CHARS = 120 * 1024 * 1024;

/** An open batch as it is autosaved: the text exactly as typed, and where it came from. */
export const DraftSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  text: z.string().max(MAX_DRAFT_CHARS),
  /** The file it was opened from or saved to, if any. */
  filePath: z.string().max(4096).nullable(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof DraftSchema>;

export const DraftListSchema = z.object({
  drafts: z.array(DraftSchema),
  activeId: z.string().nullable(),
});
export type DraftList = z.infer<typeof DraftListSchema>;
