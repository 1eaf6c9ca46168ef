import { AppError } from '../../../base/common/errors.ts';
import type { PlanSourceFile } from '../../../features/plans/common/import-plan.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { planText } from '../../../features/plans/common/plan-draft.ts';
import { planSourcesOf } from '../../../features/plans/node/plan-sources.ts';
import { UsageError } from '../shared/flags.ts';
import { writeOut } from '../shared/event-files.ts';
import { readUtf8 } from '../shared/read-utf8.ts';

/**
 * What the `eventdesk plan` subcommands read and write: events from batch files read as
 * `eventdesk transform` reads them (JSON, NDJSON, CSV with --csv-map, HAR, cURL; several in order), exported
 * plans from files or folders, and a plan as stable two-space JSON.
 */

/** The exported files to import: each file named, and the .json files of each folder named, in name order. */
export async function readPlanSources(paths: readonly string[]): Promise<PlanSourceFile[]> {
  if (paths.length === 0) throw new UsageError('Name the exported files (or folders of them) to import.');
  try {
    return await planSourcesOf(paths, async (file) => ({ name: file === '-' ? '<stdin>' : file, text: await readUtf8(file) }));
  } catch (error) {
    throw error instanceof AppError ? new UsageError(error.message) : error;
  }
}

/** The --key and --name a plan is made with, as the shared builders take them. */
export function planNaming(values: { key?: string | undefined; name?: string | undefined }): { key?: string; name?: string } {
  if (values.key === '') throw new UsageError('--key: name the event field that names the kind.');
  return { ...(values.key === undefined ? {} : { key: values.key }), ...(values.name === undefined ? {} : { name: values.name }) };
}

/** How a summary ends: where the plan went, when it went to a file. */
export function writtenTo(out: string | undefined): string {
  return out === undefined || out === '-' ? '' : `, written to ${out}`;
}

/** The plan as a team keeps it in git: two-space JSON, a final newline; to standard output without --out or with --out -. */
export async function writePlan(out: string | undefined, plan: TrackingPlan, stdout: (text: string) => void): Promise<void> {
  await writeOut(out, planText(plan), stdout);
}
