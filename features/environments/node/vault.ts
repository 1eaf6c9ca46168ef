import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { originOf, secretsElsewhereMessage } from '../common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import type { SecretStorageStatus } from '../../../base/common/secret-storage.ts';
import { createAtomicWriter, parseJsonOrNull, setAside } from '../../../base/node/json-file.ts';
import type { Cipher } from '../../../base/node/ports.ts';

/**
 * Secrets of each environment: API key, remembered password, tokens. They always live in
 * memory; they reach the disk only encrypted by an OS key store, or when the user opted in for
 * an environment where none exists (and then the envelope says honestly that it is plain).
 *
 * Every secret belongs to the server it was entered for: each entry records that origin
 * (inside the sealed data), a secret written for another origin replaces the entry's secrets
 * rather than joining them, and `secretsFor` refuses to hand them to any other origin.
 */

export const SecretsSchema = z.object({
  apiKey: z.string().optional(),
  password: z.string().optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  tokenType: z.string().optional(),
  /** When the access token stops being valid (ISO 8601), with the server's text as given. */
  expiresAt: z.string().optional(),
  expiresText: z.string().optional(),
});
export type Secrets = z.infer<typeof SecretsSchema>;

/** The secret values of vault entries, for `secrets`: keys, passwords, tokens (not their type or expiry). */
export function knownSecrets(entries: Iterable<Secrets>): string[] {
  return [...entries].flatMap(({ apiKey, password, accessToken, refreshToken }) =>
    [apiKey, password, accessToken, refreshToken].filter((value): value is string => Boolean(value)),
  );
}

/** What is sealed: the secrets and the origin they were entered for (absent in entries written before origins were kept). */
const SealedSchema = SecretsSchema.extend({ origin: z.string().optional() });

/** Version 1 of the file format: one encrypted (or, by choice, plain) blob per environment. */
const EnvelopeFileSchema = z.object({
  version: z.literal(1),
  entries: z.record(
    z.string(),
    z.object({
      scheme: z.enum(['os-key-store', 'plain-by-choice']),
      backend: z.string(),
      data: z.string(),
    }),
  ),
});
type EnvelopeFile = z.infer<typeof EnvelopeFileSchema>;

export interface VaultOptions {
  /** Where sealed secrets are kept; null for the command line, whose secrets come from its variables and stay in memory. */
  file: string | null;
  cipher: Cipher;
}

/** The origin of the server a secret is for, or an AppError: a secret is never kept without one. */
function requireOrigin(url: string): string {
  const origin = originOf(url);
  if (origin === null) throw new AppError('no-server-address', `"${url}" is not an http:// or https:// address, so no secret is kept or sent for it.`);
  return origin;
}

export function createVault(options: VaultOptions) {
  const memory = new Map<string, Secrets>();
  /** The origin each environment's secrets were entered for. */
  const origins = new Map<string, string>();
  const unreadable = new Set<string>();
  /** The environments whose user opted in to keeping secrets on disk without a key store (the environments service says which). */
  const plainAllowed = new Set<string>();
  let onDisk: EnvelopeFile = { version: 1, entries: {} };
  const file = options.file;
  const write = file === null ? async () => undefined : createAtomicWriter(file, 0o600);
  let notice: string | null = null;

  function schemeFor(environmentId: string): 'os-key-store' | 'plain-by-choice' | null {
    const status = options.cipher.status();
    if (status.protectsSecrets) return 'os-key-store';
    return plainAllowed.has(environmentId) ? 'plain-by-choice' : null;
  }

  async function seal(environmentId: string, secrets: Secrets): Promise<EnvelopeFile['entries'][string] | null> {
    const scheme = schemeFor(environmentId);
    if (scheme === null) return null;
    const text = JSON.stringify({ ...secrets, origin: origins.get(environmentId) });
    const status = options.cipher.status();
    // Opting in where only basic_text exists still encrypts (it is better than nothing), but
    // the scheme records that it is no real protection.
    const data = status.encryptionAvailable ? Buffer.from(await options.cipher.encrypt(text)).toString('base64') : Buffer.from(text, 'utf8').toString('base64');
    return { scheme, backend: status.encryptionAvailable ? status.backend : 'none', data };
  }

  async function open(entry: EnvelopeFile['entries'][string]): Promise<z.infer<typeof SealedSchema>> {
    const bytes = Buffer.from(entry.data, 'base64');
    const text = entry.backend === 'none' ? bytes.toString('utf8') : await options.cipher.decrypt(bytes);
    return SealedSchema.parse(JSON.parse(text));
  }

  /** Changes to the file go one at a time, in the order asked: an older state sealed late never overwrites a newer one. */
  let writing: Promise<void> = Promise.resolve();
  function inTurn(work: () => Promise<void>): Promise<void> {
    const next = writing.then(work);
    // A failed write is the caller's to hear; the next one still runs.
    writing = next.catch(() => undefined);
    return next;
  }

  function persist(): Promise<void> {
    return write(JSON.stringify(onDisk, null, 2));
  }

  return {
    /** Reads what an earlier run saved. Entries that can no longer be decrypted are reported, not fatal. */
    async load(): Promise<void> {
      if (file === null) return;
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        return;
      }
      const parsed = EnvelopeFileSchema.safeParse(parseJsonOrNull(text));
      if (!parsed.success) {
        notice = `The saved secrets could not be read, so EventDesk started without them (the file is kept as ${await setAside(file)}). Enter API keys again.`;
        return;
      }
      onDisk = parsed.data;
      for (const [environmentId, entry] of Object.entries(onDisk.entries)) {
        try {
          const { origin, ...secrets } = await open(entry);
          memory.set(environmentId, secrets);
          if (origin !== undefined) origins.set(environmentId, origin);
        } catch {
          unreadable.add(environmentId);
        }
      }
    },

    /** Whether this environment's secrets may be kept on disk without a key store; takes effect at the next save. */
    allowPlainStorage(environmentId: string, allowed: boolean): void {
      if (allowed) plainAllowed.add(environmentId);
      else plainAllowed.delete(environmentId);
    },

    get(environmentId: string): Secrets {
      return { ...memory.get(environmentId) };
    },

    /** Secrets saved by an earlier run that this run could not decrypt (a changed keyring, say). */
    unreadable(environmentId: string): boolean {
      return unreadable.has(environmentId);
    },

    /** The origin the environment's secrets were entered for; null when they predate origins (or there are none). */
    origin(environmentId: string): string | null {
      return origins.get(environmentId) ?? null;
    },

    /**
     * The environment's secrets, for a call to `url`: refused with an AppError when they were
     * entered for another origin, so no key, password or token reaches a server it was not given for.
     */
    secretsFor(environmentId: string, url: string): Secrets {
      const secrets = this.get(environmentId);
      if (Object.keys(secrets).length === 0) return secrets;
      const target = requireOrigin(url);
      const origin = origins.get(environmentId) ?? null;
      if (origin === target) return secrets;
      throw new AppError(
        'secrets-for-another-server',
        secretsElsewhereMessage({ apiKey: Boolean(secrets.apiKey), password: Boolean(secrets.password) }, origin, target),
      );
    },

    /**
     * Merges a patch (undefined leaves a field as it is, null removes it), entered for the server
     * at `url`, and saves where allowed. Secrets held for another origin are dropped first: they
     * stay with their own server.
     */
    async update(environmentId: string, patch: { [K in keyof Secrets]?: Secrets[K] | null }, url: string): Promise<Secrets> {
      const origin = requireOrigin(url);
      const next: Secrets = origins.get(environmentId) === origin ? { ...memory.get(environmentId) } : {};
      for (const [key, value] of Object.entries(patch) as [keyof Secrets, string | null | undefined][]) {
        if (value === null) delete next[key];
        else if (value !== undefined) next[key] = value;
      }
      memory.set(environmentId, next);
      origins.set(environmentId, origin);
      unreadable.delete(environmentId);
      await this.save(environmentId);
      return { ...next };
    },

    /** Removes some of the environment's secrets (a session's tokens, a password not to remember), wherever they belong. */
    async clear(environmentId: string, fields: (keyof Secrets)[]): Promise<void> {
      const next: Secrets = { ...memory.get(environmentId) };
      for (const field of fields) delete next[field];
      memory.set(environmentId, next);
      await this.save(environmentId);
    },

    /**
     * Records that the environment's secrets belong to the server at `url`, keeping them. Only for
     * secrets whose server is known otherwise: entries from before origins were recorded, and the
     * embedded sandbox's, whose port can change (taken at a start, or moved in the Sandbox tab).
     */
    async bind(environmentId: string, url: string): Promise<void> {
      origins.set(environmentId, requireOrigin(url));
      await this.save(environmentId);
    },

    /** Writes (or removes) the environment's entry on disk according to the current rules. */
    save(environmentId: string): Promise<void> {
      return inTurn(async () => {
        const secrets = memory.get(environmentId) ?? {};
        const entry = Object.keys(secrets).length > 0 ? await seal(environmentId, secrets) : null;
        const had = environmentId in onDisk.entries;
        if (entry) onDisk.entries[environmentId] = entry;
        else delete onDisk.entries[environmentId];
        if (entry || had) await persist();
      });
    },

    remove(environmentId: string): Promise<void> {
      memory.delete(environmentId);
      origins.delete(environmentId);
      unreadable.delete(environmentId);
      return inTurn(async () => {
        if (!(environmentId in onDisk.entries)) return;
        delete onDisk.entries[environmentId];
        await persist();
      });
    },

    status(): SecretStorageStatus {
      return options.cipher.status();
    },

    /** What the user should know about the secrets file: it was unreadable and set aside. */
    notice(): string | null {
      return notice;
    },
  };
}
export type Vault = ReturnType<typeof createVault>;
