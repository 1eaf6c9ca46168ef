import { z } from 'zod';
import { Id, NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { SandboxForwardStatusSchema } from './sandbox-forward.ts';
import { SandboxPortNumberSchema, SandboxPortStatusSchema } from './sandbox-port.ts';
import { SandboxFaultsPatchSchema, SandboxFaultsSchema, SandboxInfoSchema, SandboxPlanSchema, SandboxRequestRecordSchema } from './sandbox.ts';

/** The embedded sandbox as the Sandbox tab shows it: its setup, where it listens and why there, and where it forwards to. */
const SandboxViewSchema = SandboxInfoSchema.extend({ port: SandboxPortStatusSchema, forward: SandboxForwardStatusSchema });

export const sandboxChannels = {
  /**
   * The embedded sandbox as the Sandbox tab shows it, port included. Its demo account and API
   * key reach the page by design: they are the sandbox's public credentials, printed by
   * `eventdesk sandbox` and in the guide (docs/guide/sandbox.md), for pointing an SDK at it, and open nothing but this
   * loopback sandbox. Users and keys of one's own are set on `eventdesk sandbox`, never here.
   */
  'sandbox:info': { input: NoInput, output: SandboxViewSchema },
  /**
   * Moves the embedded sandbox to `port` now and at the next start (its traffic stays). A port
   * another program holds is refused (sandbox-port-taken) and nothing changes.
   */
  'sandbox:setPort': { input: z.object({ port: SandboxPortNumberSchema }), output: SandboxViewSchema },
  'sandbox:traffic': { input: NoInput, output: z.array(SandboxRequestRecordSchema) },
  'sandbox:clear': { input: NoInput, output: z.null() },
  'sandbox:faults': { input: NoInput, output: SandboxFaultsSchema },
  'sandbox:setFaults': { input: SandboxFaultsPatchSchema, output: SandboxFaultsSchema },
  /**
   * The embedded sandbox's tracking plan: main asks for the file in the OS's open dialog (the
   * page never names a path) and keeps it in the sandbox's settings; each answers the info,
   * plan included, unchanged when the dialog was cancelled. A file that is no plan is refused
   * (plan-not-json, plan-invalid, sandbox-plan) and the plan in force stays.
   */
  'sandbox:choosePlan': { input: NoInput, output: SandboxViewSchema },
  'sandbox:clearPlan': { input: NoInput, output: SandboxViewSchema },
  /**
   * Forwards every request for the embedded sandbox's service to an environment's base URL,
   * which main resolves (the page never sends a URL), now and at the next start; null: off.
   * None of the environment's secrets is used: the SDK's own credentials pass through. The
   * Local sandbox, or an environment whose address is the sandbox's own, is refused
   * (sandbox-forward-loop) and forwarding stays as it was. Answers the info, forward included.
   */
  'sandbox:setForward': { input: z.strictObject({ environmentId: Id.nullable() }), output: SandboxViewSchema },
} as const satisfies ChannelSchemas;

export const sandboxPushes = {
  'sandbox:request': SandboxRequestRecordSchema,
  /** The embedded sandbox's plan, chosen, cleared, reloaded after its file changed, or failing to reload. */
  'sandbox:planChanged': SandboxPlanSchema.nullable(),
  /** Where the embedded sandbox forwards: chosen, following its environment's change or deletion, or its upstream's latest failure. */
  'sandbox:forwardChanged': SandboxForwardStatusSchema,
} as const satisfies PushSchemas;
