import { z } from 'zod';
import { NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { KeptRunSchema, RunProgressSchema, RunResultSchema, RunStartSchema, WorkspaceScenarioSchema } from './run-schemas.ts';
import { RunSecretsNeedSchema } from './run-secrets.ts';

export const runsChannels = {
  /** The open workspace's scenarios, each read (name, steps, or why it cannot run); workspace-not-open without one. */
  'runs:scenarios': { input: NoInput, output: z.array(WorkspaceScenarioSchema) },
  /**
   * What the environments a run would send to (each step's own included) lack: a login, an API
   * key, each environment once; empty when nothing. The Runs view asks for all of it in one dialog.
   */
  'runs:secretsNeeded': { input: RunStartSchema.pick({ scenarios: true, environment: true }), output: z.array(RunSecretsNeedSchema) },
  /**
   * Starts a run of the open workspace's scenarios in the app (the same engine as `eventdesk run`),
   * each send recorded in History; progress comes as runs:progress. run-busy while one is under way;
   * run-secrets-missing, before anything is sent, when an environment it sends to lacks a login or an API key.
   */
  'runs:start': { input: RunStartSchema, output: z.object({ runId: z.string() }) },
  /** Stops the run: the step under way is cancelled, the rest reported skipped. */
  'runs:stop': { input: z.object({ runId: z.string().min(1).max(100) }), output: z.null() },
  /** The run under way as it stands (its scenarios so far), or null: the view opened mid-run shows it. */
  'runs:current': { input: NoInput, output: RunResultSchema.nullable() },
  /** The open workspace's kept runs (the app's and `eventdesk run`'s), newest first. */
  'runs:list': { input: NoInput, output: z.array(KeptRunSchema) },
  /** A kept run, whole; run-not-found when it is gone. */
  'runs:get': { input: z.object({ id: z.string().min(1).max(100) }), output: RunResultSchema },
} as const satisfies ChannelSchemas;

export const runsPushes = {
  /** A run of scenarios goes on: a scenario or a step started or ended, or the run ended. */
  'runs:progress': RunProgressSchema,
} as const satisfies PushSchemas;
