import { z } from 'zod';

/** Where the vault keeps secrets at rest, as Electron's safeStorage reports it, and what that protects. */

export const SecretBackendSchema = z.enum(['keychain', 'dpapi', 'gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6', 'basic_text', 'unknown', 'none']);
export type SecretBackend = z.infer<typeof SecretBackendSchema>;

export const SecretStorageStatusSchema = z.object({
  backend: SecretBackendSchema,
  encryptionAvailable: z.boolean(),
  /** True only when secrets at rest are protected by an OS key store (not basic_text). */
  protectsSecrets: z.boolean(),
  summary: z.string(),
});
export type SecretStorageStatus = z.infer<typeof SecretStorageStatusSchema>;
