import { z } from 'zod';
import { isTimeZone } from '../../../base/common/datetime.ts';
import { SERVICE_ID_FIELD, WARNING_CODES } from './rules.ts';

/**
 * An environment: where to send, as whom, and how to fill each gap the specification leaves open (docs/service-api.md §5).
 * Every gap is a named setting whose default is visible in the editor.
 */

export const NameValueSchema = z.object({ name: z.string(), value: z.string() });
export type NameValue = z.infer<typeof NameValueSchema>;

/** The longest plan file path taken: longer than any real one. */
export const MAX_PLAN_PATH = 4096;

/** What a person edits. Secrets (API key, password) are not part of it: they go to the vault. */
export const EnvironmentSettingsSchema = z.object({
  name: z.string(),
  baseUrl: z.string(),
  username: z.string(),
  rememberPassword: z.boolean(),
  color: z.string(),
  production: z.boolean(),
  /** Time zone of the server's date-times (the specification does not say; docs/service-api.md §5): `UTC`, `local` or an IANA name. */
  timeZone: z.string(),
  /** The real name of the service-id field (docs/service-api.md writes it svc_id). */
  serviceIdField: z.string(),
  requestTimeoutMs: z.number(),
  /** Events per request (the specification shows no limit; docs/service-api.md §5). */
  chunkSize: z.number(),
  /** Bytes per request (the specification shows no limit; docs/service-api.md §5). */
  maxChunkBytes: z.number(),
  // Added after the first release of the file format: defaults keep older files readable.
  /** Requests in flight at once when sending; one at a time by default. */
  concurrency: z.number().default(1),
  /** Requests per chunk at most, retries included. */
  maxAttempts: z.number().default(5),
  extraHeaders: z.array(NameValueSchema),
  variables: z.array(NameValueSchema),
  /** Where the OS offers no real key store, the user may still choose to keep secrets on disk. */
  storeSecretsWithoutKeyring: z.boolean(),
  /**
   * How validation treats each check the specification leaves open (docs/service-api.md §5) (which fields are required, unknown
   * fields, attribute value types…): only those changed from their default, a warning.
   */
  ruleSeverity: z.partialRecord(z.enum(WARNING_CODES), z.enum(['error', 'warning', 'off'])).default({}),
  /** The tracking plan batches for this environment are checked against: an absolute path to a .json file, or null. */
  planFile: z.string().max(MAX_PLAN_PATH).nullable().default(null),
});
export type EnvironmentSettings = z.infer<typeof EnvironmentSettingsSchema>;

export const EnvironmentSchema = EnvironmentSettingsSchema.extend({
  id: z.string(),
  /** The environment that points at the sandbox built into the app, wherever it listens. */
  embeddedSandbox: z.boolean(),
});
export type Environment = z.infer<typeof EnvironmentSchema>;

/**
 * The colours a new environment takes, in order: the first no environment has yet, so two
 * environments are told apart at a glance (the first is the default's, the second Local sandbox's).
 */
export const ENVIRONMENT_COLORS = ['#2f6fde', '#2e9d6a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#db2777', '#65a30d'] as const;

/** The colour for a new environment beside environments of these colours: the palette's first unused, else round the palette again. */
export function nextEnvironmentColor(used: readonly string[]): string {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  return ENVIRONMENT_COLORS.find((color) => !taken.has(color)) ?? ENVIRONMENT_COLORS[used.length % ENVIRONMENT_COLORS.length]!;
}

export const DEFAULT_SETTINGS: EnvironmentSettings = {
  name: '',
  baseUrl: '',
  username: '',
  rememberPassword: false,
  color: ENVIRONMENT_COLORS[0],
  production: false,
  timeZone: 'UTC',
  serviceIdField: SERVICE_ID_FIELD,
  requestTimeoutMs: 30_000,
  chunkSize: 500,
  maxChunkBytes: 5 * 1024 * 1024,
  concurrency: 1,
  maxAttempts: 5,
  extraHeaders: [],
  variables: [],
  storeSecretsWithoutKeyring: false,
  ruleSeverity: {},
  planFile: null,
};

export const LIMITS = {
  name: 80,
  requestTimeoutMs: { min: 1_000, max: 600_000 },
  chunkSize: { min: 1, max: 100_000 },
  maxChunkBytes: { min: 1_024, max: 100 * 1024 * 1024 },
  concurrency: { min: 1, max: 16 },
  maxAttempts: { min: 1, max: 20 },
} as const;

export interface FieldProblem {
  /** The settings field (or `apiKey`, `password`, `extraHeaders.2.name`). */
  field: string;
  message: string;
}

/** Headers EventDesk sets itself on every call; an extra header may not replace them. */
const reservedHeaders = new Set(['apikey', 'authorization', 'content-type', 'content-length', 'host']);
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A variable's name, as `{{name}}` templates refer to it (features/environments/common/templates.ts). */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const hasSpaces = 'A base URL has no spaces; it looks like https://api.example.com.';

/**
 * A host as people type one: names whose last label has a letter (`localhost`, `api.example.com`),
 * an IPv4 address written out in full, or an [IPv6] address. The URL parser alone would take
 * `hello!` as a host, or `1234` as the address 0.0.4.210.
 */
function isPlausibleHost(url: URL, typed: string): boolean {
  const host = url.hostname;
  if (host.startsWith('[')) return true;
  if (/^\d+(\.\d+){3}$/.test(host)) return typed.startsWith(host);
  const labels = host.replace(/\.$/, '').split('.');
  return labels.every((label) => /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/.test(label)) && /[a-z]/.test(labels.at(-1)!);
}

/**
 * An address without `scheme://`. A fix is offered only when the address it leads to would itself
 * pass: `not a url` must not be told to become https://not a url.
 */
function checkMissingScheme(value: string): string {
  if (/\s/.test(value)) return hasSpaces;
  // `https:host` and `http:/host` lack only slashes; anything else gets https:// in front.
  const [, scheme, rest] = /^(https?:)?\/*(.*)$/i.exec(value)!;
  const suggestion = `${scheme?.toLowerCase() ?? 'https:'}//${rest}`;
  const url = URL.parse(suggestion);
  if (!url || !isPlausibleHost(url, rest!)) return 'This is not a web address; a base URL looks like https://api.example.com.';
  // What else is wrong (a ?query, a password) is said first, so the fix offered is one that works.
  return (
    checkBaseUrl(suggestion) ??
    (scheme ? `Add // after ${scheme.toLowerCase()}, for example ${suggestion}.` : `Add http:// or https:// in front, for example ${suggestion}.`)
  );
}

export function checkBaseUrl(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter the service address, for example https://api.example.com.';
  if (value !== text) return 'The address has spaces at its start or end.';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(value)?.[1];
  if (!scheme) return checkMissingScheme(value);
  if (!/^https?$/i.test(scheme)) return `Only http:// and https:// addresses work here, not ${scheme}://.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return /\s/.test(value) ? hasSpaces : 'This is not a valid web address.';
  }
  if (!url.hostname) return 'The address needs a host name.';
  if (url.username || url.password) return 'Leave the user name and password out of the address; put them in the fields for them.';
  if (url.search || url.hash) return 'The base address cannot have a ?query or #fragment.';
  return null;
}

function checkNumber(value: number, limits: { min: number; max: number }, what: string): string | null {
  if (!Number.isInteger(value)) return `${what} must be a whole number.`;
  if (value < limits.min || value > limits.max) return `${what} must be from ${limits.min.toLocaleString('en')} to ${limits.max.toLocaleString('en')}.`;
  return null;
}

/** C0 control characters and DEL, which no header value or name may carry (a tab, where allowed). */
function hasControlCharacter(text: string, allowTab = false): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && !(allowTab && code === 0x09)) || code === 0x7f) return true;
  }
  return false;
}

export function checkUsername(username: string): string | null {
  if (username !== username.trim()) return 'The username has spaces at its start or end.';
  if (hasControlCharacter(username) || /[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(username))
    return 'The username contains invisible or control characters.';
  return null;
}

/** A secret pasted with stray white space is a classic cause of a baffling 403. */
export function checkSecret(value: string, what: string): string | null {
  if (value !== value.trim()) return `The ${what} has spaces or line breaks at its start or end.`;
  if (/\s/.test(value)) return `The ${what} contains spaces or line breaks.`;
  // A header value cannot carry control or non-ASCII characters; fetch would refuse it and echo it.
  if (!/^[\x21-\x7e]*$/.test(value)) return `The ${what} contains characters a header cannot carry (control or non-ASCII characters).`;
  return null;
}

function checkPairs(pairs: NameValue[], field: string, isName: (name: string) => string | null): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  pairs.forEach((pair, index) => {
    const problem = isName(pair.name) ?? (seen.has(pair.name.toLowerCase()) ? `"${pair.name}" appears twice.` : null);
    if (problem) problems.push({ field: `${field}.${index}.name`, message: problem });
    seen.add(pair.name.toLowerCase());
  });
  return problems;
}

/** A plan file as an environment names it: a whole path (Windows' or POSIX's) to a JSON file, as the file dialog gives. */
export function checkPlanFile(file: string): string | null {
  if (!/^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(file)) return 'Choose the plan file with Choose…: it needs its whole path.';
  if (!/\.json$/i.test(file) || hasControlCharacter(file)) return 'A tracking plan is a .json file (NAME.plan.json).';
  return null;
}

/** Every problem with the settings, each tied to its field, in the order of the form. */
export function checkSettings(settings: EnvironmentSettings, options: { embeddedSandbox?: boolean } = {}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  const name = settings.name.trim();
  add('name', name === '' ? 'Give the environment a name.' : name.length > LIMITS.name ? `Keep the name under ${LIMITS.name} characters.` : null);
  if (!options.embeddedSandbox) add('baseUrl', checkBaseUrl(settings.baseUrl));
  add('username', checkUsername(settings.username));
  add('color', /^#[0-9a-f]{6}$/i.test(settings.color) ? null : 'Pick a colour as #rrggbb.');
  add(
    'timeZone',
    settings.timeZone === 'local' || isTimeZone(settings.timeZone)
      ? null
      : `"${settings.timeZone}" is not a time zone. Use UTC, local, or an IANA name such as Europe/Berlin.`,
  );
  add(
    'serviceIdField',
    identifier.test(settings.serviceIdField) ? null : 'The field name must be letters, digits and _, not starting with a digit (for example svc_id).',
  );
  add('requestTimeoutMs', checkNumber(settings.requestTimeoutMs, LIMITS.requestTimeoutMs, 'The request timeout'));
  add('chunkSize', checkNumber(settings.chunkSize, LIMITS.chunkSize, 'The chunk size'));
  add('maxChunkBytes', checkNumber(settings.maxChunkBytes, LIMITS.maxChunkBytes, 'The largest chunk'));
  add('concurrency', checkNumber(settings.concurrency, LIMITS.concurrency, 'Requests at once'));
  add('maxAttempts', checkNumber(settings.maxAttempts, LIMITS.maxAttempts, 'Attempts per chunk'));
  add('planFile', settings.planFile === null ? null : checkPlanFile(settings.planFile));
  problems.push(
    ...checkPairs(settings.extraHeaders, 'extraHeaders', (header) =>
      !headerName.test(header)
        ? `"${header}" is not a valid header name.`
        : reservedHeaders.has(header.toLowerCase())
          ? `EventDesk sets ${header} itself.`
          : null,
    ),
    ...settings.extraHeaders.flatMap((header, index) =>
      hasControlCharacter(header.value, true)
        ? [{ field: `extraHeaders.${index}.value`, message: 'A header value cannot contain line breaks or control characters.' }]
        : [],
    ),
    ...checkPairs(settings.variables, 'variables', (variable) =>
      VARIABLE_NAME.test(variable) ? null : `"${variable}" is not a valid variable name (letters, digits, _ . -).`,
    ),
  );
  return problems;
}

/** The zone date-times are read in: `local` is this machine's zone. */
export function resolveTimeZone(timeZone: string): string {
  return timeZone === 'local' ? Intl.DateTimeFormat().resolvedOptions().timeZone : timeZone;
}

/** What the renderer sees of an environment: its settings and whether secrets are set, never their values. */
export const EnvironmentViewSchema = EnvironmentSchema.extend({
  /** The address calls go to (the embedded sandbox's current one, for that environment). */
  resolvedBaseUrl: z.string(),
  apiKey: z.object({ set: z.boolean(), hint: z.string().nullable() }),
  passwordRemembered: z.boolean(),
  /** Secrets saved by an earlier run that can no longer be decrypted (the keyring changed). */
  secretsUnreadable: z.boolean(),
});
export type EnvironmentView = z.infer<typeof EnvironmentViewSchema>;

/** A secret field in an edit: a new value, null to clear it, absent to keep it. */
const SecretEditSchema = z.string().nullable().optional();

export const EnvironmentEditSchema = z.object({
  settings: EnvironmentSettingsSchema,
  apiKey: SecretEditSchema,
  password: SecretEditSchema,
});
export type EnvironmentEdit = z.infer<typeof EnvironmentEditSchema>;

export const FieldProblemSchema = z.object({ field: z.string(), message: z.string() });

export const EnvironmentSaveResultSchema = z.union([
  z.object({ ok: z.literal(true), environment: EnvironmentViewSchema }),
  z.object({ ok: z.literal(false), problems: z.array(FieldProblemSchema) }),
]);
export type EnvironmentSaveResult = z.infer<typeof EnvironmentSaveResultSchema>;

/** The file format of an exported environment: settings only, never a secret. */
export const EXPORT_FORMAT = 'eventdesk.environment';
/** At most this many environments in one file: more is no one's hand-kept list. */
export const IMPORT_LIMIT = 100;

/**
 * Choices about secrets (remember the password, keep secrets without a key store) are the
 * user's own on this computer: an export leaves them out and an import ignores them.
 */
export const PortableSettingsSchema = EnvironmentSettingsSchema.omit({ rememberPassword: true, storeSecretsWithoutKeyring: true });

export const EnvironmentExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  environments: z
    .array(PortableSettingsSchema.partial().extend({ name: z.string() }))
    .max(IMPORT_LIMIT, `A file may hold at most ${IMPORT_LIMIT} environments.`),
});
export type EnvironmentExport = z.infer<typeof EnvironmentExportSchema>;

/**
 * The origin (scheme, host and port) a base URL belongs to, compared as browsers compare them:
 * case-insensitive host, default ports left out. Secrets are bound to it. Null for no http(s) URL.
 */
export function originOf(url: string): string | null {
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed.origin : null;
}

/** Which of an environment's secrets are held, as messages about where they belong name them. */
export interface HeldSecrets {
  apiKey: boolean;
  password: boolean;
}

function namesOf(held: HeldSecrets): { names: string; plural: boolean } | null {
  const names = [held.apiKey && 'API key', held.password && 'saved password'].filter((name) => name !== false);
  return names.length ? { names: `The ${names.join(' and the ')}`, plural: names.length > 1 } : null;
}

/** What the editor says before a save that moves an environment to another origin; null when nothing stays behind. */
export function secretsStayMessage(held: HeldSecrets, from: string, to: string): string | null {
  const named = namesOf(held);
  if (!named) return null;
  return `${named.names} ${named.plural ? 'stay' : 'stays'} with ${from}; enter ${named.plural ? 'them' : 'it'} again for ${to}.`;
}

/** Why a secret is refused to a server other than the one it was entered for. */
export function secretsElsewhereMessage(held: HeldSecrets, from: string | null, to: string): string {
  const named = namesOf(held);
  const where = from ?? 'another server';
  if (!named) return `The login was made with ${where}; log in again for ${to}.`;
  return `${named.names} ${named.plural ? 'were' : 'was'} entered for ${where}; enter ${named.plural ? 'them' : 'it'} again for ${to}.`;
}
