import { z } from 'zod';

/**
 * The active environment's tracking plan as the page sees it: which file, what the plan is,
 * where its validators are served for the editor's worker, and what is wrong with it. A file
 * that cannot be read or is no plan is an `error`; a plan whose parts are broken loads, and
 * each broken part is one of its `problems`.
 */
export const PlanStatusSchema = z.object({
  environmentId: z.string(),
  /** The plan file's whole path, as the environment names it. */
  file: z.string(),
  /** Its file name, to show. */
  name: z.string(),
  /** The plan read from it, or null when it could not be. */
  plan: z.object({ name: z.string(), version: z.string().nullable(), kinds: z.number().int().min(0) }).nullable(),
  /** The address of its validators' module (`/plans/<sha256>.js`, the app's own origin), or null. */
  script: z.string().nullable(),
  /** The plan's own problems, each naming its kind and JSON path. */
  problems: z.array(z.object({ severity: z.enum(['error', 'warning']), text: z.string() })),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PlanStatus = z.infer<typeof PlanStatusSchema>;

/** The path of a plan's validators module by the hash of its text: what the app's scheme and the test harness serve. */
export const PLAN_SCRIPT_PATH = /^\/plans\/([0-9a-f]{64})\.js$/;

export function planScriptPath(hash: string): string {
  return `/plans/${hash}.js`;
}

/** Why the active plan is not applied to the batch (its file, or its checks in the editor's worker), or null when it is. */
export function planFailure(plan: PlanStatus, workerProblem: string | null): string | null {
  return plan.error?.message ?? (workerProblem === null ? null : `its checks could not be loaded: ${workerProblem}`);
}
