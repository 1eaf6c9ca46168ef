import { z } from 'zod';
import { Id, NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { EnvironmentSaveResultSchema, MAX_PLAN_PATH } from '../../environments/common/environment.ts';
import { MAX_PLAN_CHARS, PlanDraftRequestSchema, PlanDraftSchema, PlanSaveResultSchema } from './plan-draft.ts';
import { PlanStatusSchema } from './plan-status.ts';

export const plansChannels = {
  /** The active environment's tracking plan (its file read, its validators served for the editor's worker), or null when it names none. */
  'plans:active': { input: NoInput, output: PlanStatusSchema.nullable() },
  /** Any environment's tracking plan, as plans:active (a replay checks its events against its target's), or null when it names none. */
  'plans:of': { input: z.object({ environmentId: Id }), output: PlanStatusSchema.nullable() },
  /** Asks for a plan file (the OS dialog, *.plan.json); null when cancelled. The environment editor puts it in the form. */
  'plans:choose': { input: NoInput, output: z.object({ path: z.string(), name: z.string() }).nullable() },
  /**
   * A draft plan, for the user to review and save: inferred from the open batch's text, or from
   * batch files, or imported from another tool's export, both of which main asks for in the OS's
   * dialog (the page never names a path); null when that dialog was cancelled.
   */
  'plans:draft': { input: PlanDraftRequestSchema, output: PlanDraftSchema.nullable() },
  /** Saves a plan's text where the user chooses (main's save dialog) if it loads as a plan with no error; its problems otherwise. Null when cancelled. */
  'plans:save': { input: z.object({ text: z.string().max(MAX_PLAN_CHARS) }), output: PlanSaveResultSchema.nullable() },
  /** The environment uses a plan file saved through plans:save (or chosen through plans:choose) from now on; other files are refused (plan-not-chosen). */
  'plans:use': { input: z.object({ environmentId: Id, path: z.string().min(1).max(MAX_PLAN_PATH) }), output: EnvironmentSaveResultSchema },
} as const satisfies ChannelSchemas;

export const plansPushes = {
  /** The active plan's file changed on disk and was read again: ask plans:active. */
  'plans:changed': z.object({ file: z.string() }),
} as const satisfies PushSchemas;
