import { z } from 'zod';

/**
 * The IPC contract: every channel is named once, `domain:verb`, with a schema for what goes in
 * and what comes out. The preload, the main-process wrapper and the test harness are all
 * derived from this object, so a channel cannot exist on one side only.
 */

export const SecretBackendSchema = z.enum([
  'keychain',
  'dpapi',
  'gnome_libsecret',
  'kwallet',
  'kwallet5',
  'kwallet6',
  'basic_text',
  'unknown',
  'none',
]);
export type SecretBackend = z.infer<typeof SecretBackendSchema>;

export const SecretStorageStatusSchema = z.object({
  backend: SecretBackendSchema,
  encryptionAvailable: z.boolean(),
  /** True only when secrets at rest are protected by an OS key store (not basic_text). */
  protectsSecrets: z.boolean(),
  summary: z.string(),
});
export type SecretStorageStatus = z.infer<typeof SecretStorageStatusSchema>;

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  runtime: z.object({
    electron: z.string().nullable(),
    chrome: z.string().nullable(),
    node: z.string(),
  }),
  dataFolder: z.string(),
  secretStorage: SecretStorageStatusSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

const NoInput = z.undefined();

export const contract = {
  'app:info': { input: NoInput, output: AppInfoSchema },
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = z.output<Contract[C]['output']>;

export const channelNames = Object.keys(contract) as ChannelName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
