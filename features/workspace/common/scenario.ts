import { z } from 'zod';
import { SandboxFaultsPatchSchema } from '../../sandbox/common/sandbox.ts';
import { WorkspacePathSchema } from './workspace.ts';

/**
 * A scenario (`scenarios/**\/*.scenario.json`, issue #18): steps that send batches and state
 * what must hold. The same engine runs it from the app's Runs view and from `eventdesk run`.
 */

export const SCENARIO_FORMAT = 'eventdesk.scenario';

/** `2s`, `500ms`, `1m`: at most ten minutes. */
export const DurationSchema = z.string().regex(/^\d+(\.\d+)?(ms|s|m)$/, 'A duration is a number and a unit: 500ms, 2s or 1m.');

/** What must hold after a step's send. Unset means: every chunk accepted and no validation errors. */
export const ExpectationSchema = z.strictObject({
  /** `accepted`: every chunk accepted (2xx). */
  outcome: z.literal('accepted').optional(),
  /** A given answer: the send must end with this status (a negative test: 422 for a bad batch). Sent even with validation errors. */
  status: z.number().int().min(100).max(599).optional(),
  /** How many events the server must have accepted. */
  accepted: z.number().int().min(0).optional(),
  /** `no-errors`: the batch passes validation; `no-plan-violations`: and breaks no rule of the tracking plan; `any`: not checked. */
  validation: z.enum(['no-errors', 'no-plan-violations', 'any']).optional(),
  /**
   * `same`: the sandbox (or a forwarding sandbox, issue #17) received exactly the events sent,
   * compared event by event (issue #11's event diff, by key fields).
   */
  received: z.literal('same').optional(),
});
export type Expectation = z.infer<typeof ExpectationSchema>;

export const SendStepSchema = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  /** A batch file of the workspace (JSON or NDJSON), or the events inline. Templates allowed. */
  send: z.union([WorkspacePathSchema, z.array(z.unknown()).min(1)]),
  /** Another environment of the workspace than the scenario's. */
  environment: z.string().min(1).optional(),
  /** A CSV or JSON (array of objects) file: the step runs once per row, its columns as `{{variables}}`. */
  data: WorkspacePathSchema.optional(),
  /** The sandbox's faults for this step only (a 500, a 429...); `expireToken` ends the session's token first. Sandbox targets only. */
  faults: SandboxFaultsPatchSchema.extend({ expireToken: z.boolean().optional() }).optional(),
  expect: ExpectationSchema.optional(),
});
export type SendStep = z.infer<typeof SendStepSchema>;

export const WaitStepSchema = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  wait: DurationSchema,
});
export type WaitStep = z.infer<typeof WaitStepSchema>;

export const StepSchema = z.union([SendStepSchema, WaitStepSchema]);
export type Step = z.infer<typeof StepSchema>;

export const ScenarioSchema = z.strictObject({
  format: z.literal(SCENARIO_FORMAT),
  version: z.literal(1),
  name: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  /** The environment its steps send to; the workspace's default when unset. */
  environment: z.string().min(1).optional(),
  /** `stop`: a failed step skips the rest of the scenario; `continue`: the next steps run anyway. */
  onFailure: z.enum(['stop', 'continue']).default('stop'),
  steps: z.array(StepSchema).min(1).max(1000),
});
export type Scenario = z.infer<typeof ScenarioSchema>;
