import { z } from 'zod';
import { MAX_DRAFT_CHARS } from './draft.ts';

/** A batch file as opened from disk: its text exactly as it is in the file. */
export const OpenedFileSchema = z.object({ path: z.string(), name: z.string(), text: z.string() });
export type OpenedFile = z.infer<typeof OpenedFileSchema>;

export const RecentFileSchema = z.object({ path: z.string(), name: z.string(), openedAt: z.string() });
export type RecentFile = z.infer<typeof RecentFileSchema>;

export const SaveRequestSchema = z.object({
  /** Where the batch was opened from or last saved; null asks where, as "Save as" does. */
  path: z.string().max(4096).nullable(),
  suggestedName: z.string().max(200),
  text: z.string().max(MAX_DRAFT_CHARS),
});
