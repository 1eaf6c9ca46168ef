import { z } from 'zod';
import { MAX_BATCH_CHARS } from '../../history/common/submission.ts';
import type { TrackingPlan } from './plan.ts';

/**
 * Drafting a tracking plan in the app: inferred from the open batch, batch files or the capture, or
 * imported from another tool's export; reviewed and edited in the dialog; saved where the user
 * chooses. What crosses the IPC boundary for it.
 */

/** Far larger than any hand-written plan; past it a plan file is not read, nor a draft saved. */
export const MAX_PLAN_CHARS = 10 * 1024 * 1024;

export const PLAN_IMPORT_FORMATS = ['json-schema', 'segment', 'rudderstack'] as const;
export type PlanImportFormat = (typeof PLAN_IMPORT_FORMATS)[number];

/** The plan's key field and name, as `--key` and `--name` give them; absent, each source's default. */
const naming = {
  key: z.string().trim().min(1).max(200).optional(),
  name: z.string().trim().min(1).max(200).optional(),
};

export const PlanDraftRequestSchema = z.discriminatedUnion('source', [
  /** The open batch's text, as the editor holds it. */
  z.object({ source: z.literal('batch'), text: z.string().max(MAX_BATCH_CHARS), batchName: z.string().max(500), ...naming }),
  /** Batch files (JSON, NDJSON, CSV, HAR, cURL) main asks for in the OS dialog. */
  z.object({ source: z.literal('files'), ...naming }),
  /** What the embedded sandbox captured: every event, or only those it accepted. */
  z.object({ source: z.literal('capture'), acceptedOnly: z.boolean().default(false), ...naming }),
  /** Another tool's export: files, or for json-schema a folder of them, main asks for in the OS dialog. */
  z.object({ source: z.literal('import'), format: z.enum(PLAN_IMPORT_FORMATS), folder: z.boolean().default(false), ...naming }),
]);
export type PlanDraftRequest = z.input<typeof PlanDraftRequestSchema>;

export const PlanDraftSchema = z.object({
  /** The plan as it would be saved: two-space JSON. */
  text: z.string(),
  kinds: z.number().int().min(0),
  /** Where it came from, in words: "120 events of 2 files", "3 files of a Segment export". */
  from: z.string(),
  /** Inferred: the events read, and of them those that named a kind; null for an import. */
  events: z.number().int().min(0).nullable(),
  planned: z.number().int().min(0).nullable(),
  /** What was left out and why (events without a key, Avo's own keywords, deprecated rules). */
  notes: z.array(z.string()),
  /**
   * Inferred with a key that named no kind, or nearly one per event: why, and the fields whose
   * values repeat, best first (features/plans/common/infer-key.ts); null otherwise, and for an import.
   */
  advice: z.object({ message: z.string(), candidates: z.array(z.object({ key: z.string(), description: z.string() })) }).nullable(),
});
export type PlanDraft = z.infer<typeof PlanDraftSchema>;

export const PlanSaveResultSchema = z.discriminatedUnion('saved', [
  /** Written; `warnings` are the plan's own warnings (a keyword no schema knows), which do not stop it. */
  z.object({ saved: z.literal(true), path: z.string(), name: z.string(), warnings: z.array(z.string()) }),
  /** Not written: the text is no plan, or a kind's schema does not compile; each problem in words. */
  z.object({ saved: z.literal(false), problems: z.array(z.string()) }),
]);
export type PlanSaveResult = z.infer<typeof PlanSaveResultSchema>;

/** The file name a plan is offered under: its name made safe for a file name, then `.plan.json`. */
export function planFileName(name: string): string {
  const safe = name
    .trim()
    .replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 100);
  return `${safe || 'plan'}.plan.json`;
}

/** A plan as a team keeps it in git: two-space JSON, a final newline. */
export function planText(plan: TrackingPlan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}
