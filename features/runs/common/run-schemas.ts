import { z } from 'zod';
import type { RunProgress, RunResult, ScenarioResult, StepResult } from './run-result.ts';

/**
 * The Runs view's contract (issue #18): the schemas its IPC channels validate, for what
 * run-result.ts describes, and what the view lists before and after a run.
 */

const MAX_TEXT = 20_000;

export const StepResultSchema = z.object({
  index: z.number().int().min(0),
  name: z.string(),
  row: z.number().int().min(1).nullable(),
  status: z.enum(['passed', 'failed', 'skipped']),
  reason: z.string().max(MAX_TEXT).nullable(),
  submissionId: z.string().nullable(),
  environment: z.string().nullable(),
  eventsSent: z.number().int().min(0),
  eventsAccepted: z.number().int().min(0),
  durationMs: z.number().min(0),
}) satisfies z.ZodType<StepResult>;

export const ScenarioResultSchema = z.object({
  file: z.string(),
  name: z.string(),
  status: z.enum(['passed', 'failed', 'broken', 'skipped']),
  problem: z.string().max(MAX_TEXT).nullable(),
  steps: z.array(StepResultSchema),
  startedAt: z.string(),
  durationMs: z.number().min(0),
}) satisfies z.ZodType<ScenarioResult>;

export const RunResultSchema = z.object({
  id: z.string(),
  workspace: z.string(),
  startedAt: z.string(),
  durationMs: z.number().min(0),
  stopped: z.boolean(),
  scenarios: z.array(ScenarioResultSchema),
}) satisfies z.ZodType<RunResult>;

export const RunProgressSchema = z.discriminatedUnion('kind', [
  z.object({ runId: z.string(), kind: z.literal('scenario-started'), file: z.string(), name: z.string() }),
  z.object({
    runId: z.string(),
    kind: z.literal('step-started'),
    file: z.string(),
    index: z.number().int().min(0),
    row: z.number().int().min(1).nullable(),
    name: z.string(),
  }),
  z.object({ runId: z.string(), kind: z.literal('step-ended'), file: z.string(), step: StepResultSchema }),
  z.object({ runId: z.string(), kind: z.literal('scenario-ended'), scenario: ScenarioResultSchema }),
  z.object({ runId: z.string(), kind: z.literal('run-ended'), run: RunResultSchema }),
]) satisfies z.ZodType<RunProgress>;

/** A scenario of the open workspace as the Runs view lists it before it runs. */
export const WorkspaceScenarioSchema = z.object({
  /** Its file, relative to the workspace's root. */
  file: z.string(),
  /** Its name; the file's when it cannot be read. */
  name: z.string(),
  /** Its steps' names, in order (engine.ts stepName). */
  steps: z.array(z.string()),
  /** The environment it names, or null (the workspace's default). */
  environment: z.string().nullable(),
  /** Why it cannot run (not JSON, refused by the schema), with file and place; null when it can. */
  problem: z.string().max(MAX_TEXT).nullable(),
});
export type WorkspaceScenario = z.infer<typeof WorkspaceScenarioSchema>;

/** Who ran a kept run: the app's Runs view, or `eventdesk run`. */
export const RunSourceSchema = z.enum(['app', 'cli']);

/** A kept run as the Runs view lists them, newest first; runs:get reads it whole. */
export const KeptRunSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  durationMs: z.number().min(0),
  source: RunSourceSchema,
  /** The environment the run was started with (the Runs view's choice, `--env NAME`), or null: each scenario's own. */
  environment: z.string().nullable(),
  stopped: z.boolean(),
  scenarios: z.number().int().min(0),
  counts: z.object({ passed: z.number().int().min(0), failed: z.number().int().min(0), skipped: z.number().int().min(0) }),
});
export type KeptRun = z.infer<typeof KeptRunSchema>;

export const RunStartSchema = z.object({
  /** The scenario files to run, relative to the root, in order; empty: every scenario of the workspace. */
  scenarios: z.array(z.string().min(1).max(4096)).max(10_000),
  /** A workspace environment by name for the steps that name none; null: each scenario's, else the default. */
  environment: z.string().min(1).max(200).nullable(),
  bail: z.boolean().default(false),
});
