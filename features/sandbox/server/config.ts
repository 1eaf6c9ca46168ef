import { z } from 'zod';
import { isTimeZone } from '../../../base/common/datetime.ts';
import { EVENT_FIELDS } from './event-rules.ts';
import { ForwardSettingsSchema, type ForwardSettings } from './forward-settings.ts';
import {
  NO_FAULTS,
  patchFaults,
  SANDBOX_DEMO_CREDENTIALS,
  SandboxFaultsPatchSchema,
  SandboxModeSchema,
  type SandboxFaults,
  type SandboxFaultsPatch,
  type SandboxMode,
} from '../common/sandbox.ts';
import { SERVICE_ID_FIELD } from '../../environments/common/rules.ts';

/**
 * How a sandbox is set up. Each setting fills a gap the specification leaves (status codes,
 * limits, time zone, the real name of the service-id field; docs/service-api.md §5) with a
 * default a user can change.
 */

export interface SandboxUser {
  username: string;
  password: string;
}

export interface SandboxOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  users: SandboxUser[];
  apiKeys: string[];
  tokenTtlSeconds: number;
  /** The IANA zone of `expires_in`, which the specification does not name. */
  timeZone: string;
  maxBodyBytes: number;
  /** The request bodies held in memory at once, across every connection; past it a request gets 503. */
  bodyBufferBytes: number;
  /** Connections open at once; past it the longest idle is closed, or with none idle a request gets 503 (connections.ts). */
  maxConnections: number;
  /** The event field docs/service-api.md writes as svc_id: the real one is named after the service's brand. */
  serviceIdField: string;
  mode: SandboxMode;
  /** The faults in force at start; they change at run time through the server. */
  faults: SandboxFaults;
  /** How many requests the traffic keeps, newest first. */
  trafficLimit: number;
  /** How much of each request and response body the traffic keeps. */
  trafficBodyBytes: number;
  /** Whatever the record count, the traffic drops its oldest records to stay under this. */
  trafficTotalBytes: number;
  /** Every record is also appended here as one JSON line; null for none. */
  logFile: string | null;
  /** docs/openapi.yaml, served as JSON at /_sandbox/openapi.json; null for none. */
  openapiFile: string | null;
  /**
   * A tracking plan (`*.plan.json`) the events are checked against, reloaded when it changes:
   * strict mode refuses a request with an error of the plan (422), both modes record every
   * violation in the traffic. Null for none; it changes at run time through the server.
   */
  planFile: string | null;
  /**
   * Pass every request but the sandbox's own tools (`/_sandbox/*`) on to this upstream as
   * received, and answer with what it answers: a recording proxy. Null answers locally.
   */
  forward: ForwardSettings | null;
  /** A client must send its request headers within this. */
  headersTimeoutMs: number;
  /** And then its body within this. */
  bodyTimeoutMs: number;
  /** The clock behind token expiry, replaceable in tests. */
  now: () => Date;
}

/** What a caller may leave out: everything, and any single fault. */
export type SandboxStartOptions = Partial<Omit<SandboxOptions, 'faults'>> & { faults?: SandboxFaultsPatch };

const KIB = 1024;
const MIB = 1024 * KIB;

/** The default body buffer holds this many of the largest bodies: the app sends up to 16 chunks at once. */
const BODY_BUFFER_BODIES = 16;

const SandboxSettingsSchema = z.strictObject({
  port: z.number().int().min(0).max(65_535).default(0),
  host: z.string().min(1).default('127.0.0.1'),
  users: z
    .array(z.strictObject({ username: z.string().min(1), password: z.string().min(1) }))
    .min(1)
    .default(() => [{ username: SANDBOX_DEMO_CREDENTIALS.username, password: SANDBOX_DEMO_CREDENTIALS.password }]),
  apiKeys: z
    .array(z.string().min(1))
    .min(1)
    .default(() => [SANDBOX_DEMO_CREDENTIALS.apiKey]),
  tokenTtlSeconds: z
    .number()
    .int()
    .min(1)
    .max(10 * 366 * 86_400)
    .default(3600),
  timeZone: z.string().refine(isTimeZone, 'Not a known IANA time zone.').default('UTC'),
  maxBodyBytes: z
    .number()
    .int()
    .min(1)
    .max(256 * MIB)
    .default(1 * MIB),
  bodyBufferBytes: z
    .number()
    .int()
    .min(1)
    .max(4096 * MIB)
    .optional(),
  maxConnections: z.number().int().min(1).max(100_000).default(128),
  serviceIdField: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'A field name: letters, digits and underscores.')
    .refine((name) => !(EVENT_FIELDS as readonly string[]).includes(name), 'Already the name of another event field.')
    .default(SERVICE_ID_FIELD),
  mode: SandboxModeSchema.default('strict'),
  faults: SandboxFaultsPatchSchema.default({}).transform((patch) => patchFaults(NO_FAULTS, patch)),
  trafficLimit: z.number().int().min(1).max(1_000_000).default(10_000),
  trafficBodyBytes: z
    .number()
    .int()
    .min(0)
    .max(16 * MIB)
    .default(64 * KIB),
  trafficTotalBytes: z
    .number()
    .int()
    .min(0)
    .max(4096 * MIB)
    .default(64 * MIB),
  logFile: z.string().min(1).nullable().default(null),
  openapiFile: z.string().min(1).nullable().default(null),
  planFile: z.string().min(1).nullable().default(null),
  forward: ForwardSettingsSchema.nullable().default(null),
  headersTimeoutMs: z.number().int().min(1).max(600_000).default(10_000),
  bodyTimeoutMs: z.number().int().min(1).max(3_600_000).default(30_000),
});

/** One thing wrong with the options, named by its option (`faults.failRate`). */
export interface OptionProblem {
  option: string;
  message: string;
}

export type ResolvedOptions = { ok: true; value: SandboxOptions } | { ok: false; problems: OptionProblem[] };

/** Checks options from anywhere (code, flags, a settings file); unset ones take their default. */
export function resolveSandboxOptions(options: SandboxStartOptions | Readonly<Record<string, unknown>>): ResolvedOptions {
  const { now, ...settings } = options;
  if (now !== undefined && typeof now !== 'function') return { ok: false, problems: [{ option: 'now', message: 'Must be a function returning a Date.' }] };
  const parsed = SandboxSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => ({ option: issue.path.join('.'), message: issue.message })) };
  }
  const { bodyBufferBytes = BODY_BUFFER_BODIES * parsed.data.maxBodyBytes, ...checked } = parsed.data;
  if (bodyBufferBytes < checked.maxBodyBytes) {
    return {
      ok: false,
      problems: [
        { option: 'bodyBufferBytes', message: `Must be at least the largest body taken (${checked.maxBodyBytes} bytes), or no such body could be read.` },
      ],
    };
  }
  return { ok: true, value: { ...checked, bodyBufferBytes, now: (now as SandboxOptions['now'] | undefined) ?? (() => new Date()) } };
}
