import { z } from 'zod';
import { MAX_BATCH_CHARS } from '../../history/common/submission.ts';

/** A batch file as opened from disk: its text exactly as it is in the file. */
export const OpenedFileSchema = z.object({ path: z.string(), name: z.string(), text: z.string() });
export type OpenedFile = z.infer<typeof OpenedFileSchema>;

/** A file read to import events from: a name to show, never a path, since it is not saved back to. */
export const ImportedFileSchema = OpenedFileSchema.omit({ path: true });
export type ImportedFile = z.infer<typeof ImportedFileSchema>;

/** What Import reads: batches, CSV and TSV tables, HAR archives, cURL commands. */
export const IMPORT_EXTENSIONS = ['json', 'ndjson', 'jsonl', 'csv', 'tsv', 'txt', 'har', 'sh', 'curl'] as const;

export const RecentFileSchema = z.object({ path: z.string(), name: z.string(), openedAt: z.string() });
export type RecentFile = z.infer<typeof RecentFileSchema>;

export const SaveRequestSchema = z.object({
  /** Where the batch was opened from or last saved; null asks where, as "Save as" does. */
  path: z.string().max(4096).nullable(),
  suggestedName: z.string().max(200),
  text: z.string().max(MAX_BATCH_CHARS),
});
