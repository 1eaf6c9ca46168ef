import { z } from 'zod';
import { ByEnvironment, ById, Id, NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { EnvironmentEditSchema, EnvironmentSaveResultSchema, EnvironmentViewSchema } from './environment.ts';
import { LoginInputSchema, SessionEventSchema, SessionViewSchema } from './session.ts';

export const EnvironmentListSchema = z.object({
  environments: z.array(EnvironmentViewSchema),
  activeId: z.string().nullable(),
  /** Something the user should know about the environments file (it was unreadable and set aside). */
  notice: z.string().nullable(),
});

export const environmentsChannels = {
  'environments:list': { input: NoInput, output: EnvironmentListSchema },
  'environments:create': { input: EnvironmentEditSchema, output: EnvironmentSaveResultSchema },
  'environments:update': { input: z.object({ id: Id, edit: EnvironmentEditSchema }), output: EnvironmentSaveResultSchema },
  /** A copy holds no secret unless the user ticked "copy the API key and password too". */
  'environments:duplicate': { input: z.object({ id: Id, copySecrets: z.boolean().default(false) }), output: EnvironmentViewSchema },
  'environments:remove': { input: ById, output: z.null() },
  'environments:select': { input: ById, output: z.null() },
  'environments:export': { input: z.object({ ids: z.array(Id).min(1).max(1000) }), output: z.object({ fileName: z.string(), text: z.string() }) },
  'environments:import': {
    input: z.object({ text: z.string().max(5_000_000) }),
    output: z.object({ imported: z.array(EnvironmentViewSchema), problems: z.array(z.string()) }),
  },

  'session:status': { input: ByEnvironment, output: SessionViewSchema.nullable() },
  'session:login': { input: LoginInputSchema, output: SessionViewSchema },
  'session:logout': { input: ByEnvironment, output: z.null() },
  /** The login dialog a send waits on was closed without logging in: that send stops there. */
  'session:declineLogin': { input: ByEnvironment, output: z.null() },
} as const satisfies ChannelSchemas;

export const environmentsPushes = {
  'session:changed': SessionEventSchema,
} as const satisfies PushSchemas;
