import { z } from 'zod';
import { VIOLATION_KINDS } from '../../plans/common/plan.ts';

/**
 * What the app, the test harness and tools know about the sandbox, the reference ingestion
 * server EventDesk embeds: its faults, its received traffic and how it is set up. Nothing here
 * carries a secret except the demo account, which is public by design (the login screen of the
 * "Local sandbox" environment shows it).
 */

export const SANDBOX_DEMO_CREDENTIALS = { username: 'demo', password: 'demo-password', apiKey: 'demo-api-key' } as const;

/** Strict checks every event against docs/service-api.md; lenient takes any JSON array, to capture SDK traffic. */
export const SandboxModeSchema = z.enum(['strict', 'lenient']);
export type SandboxMode = z.infer<typeof SandboxModeSchema>;

/** A forced answer: an error status, or `reset` to cut the connection mid-request without answering. */
export const ForcedFailureSchema = z.union([z.number().int().min(400).max(599), z.literal('reset')]);
export type ForcedFailure = z.infer<typeof ForcedFailureSchema>;

/** In a fail sequence, 200 means "answer this request normally". */
export const SequencedAnswerSchema = z.union([z.literal(200), ForcedFailureSchema]);
export type SequencedAnswer = z.infer<typeof SequencedAnswerSchema>;

export const FAIL_SEQUENCE_LIMIT = 1000;

export const SandboxFaultsSchema = z.strictObject({
  /** Added before every answer to /oauth2/login and /user/events. */
  latencyMs: z.number().int().min(0).max(60_000),
  /** The probability (0 to 1) that a /user/events request gets `failStatus` instead of its answer. */
  failRate: z.number().min(0).max(1),
  failStatus: ForcedFailureSchema,
  /** Forced answers to the next /user/events requests, one each, before `failRate` applies. */
  failSequence: z.array(SequencedAnswerSchema).max(FAIL_SEQUENCE_LIMIT),
  /** What a forced 429 asks the client to wait. */
  retryAfterSeconds: z.number().int().min(0).max(86_400),
  /** Send Retry-After as an HTTP date (that many seconds ahead) instead of a number of seconds. */
  retryAfterAsDate: z.boolean(),
  /** More events than this in one request are refused with 413; null for no limit. */
  maxEvents: z.number().int().min(1).nullable(),
});
export type SandboxFaults = z.infer<typeof SandboxFaultsSchema>;

export const SandboxFaultsPatchSchema = SandboxFaultsSchema.partial();
export type SandboxFaultsPatch = z.infer<typeof SandboxFaultsPatchSchema>;

/** The faults with a patch applied; a field the patch leaves undefined keeps its value. */
export function patchFaults(faults: SandboxFaults, patch: SandboxFaultsPatch): SandboxFaults {
  const changed = Object.entries(patch).filter(([, value]) => value !== undefined);
  return { ...faults, ...Object.fromEntries(changed) };
}

export const NO_FAULTS: SandboxFaults = {
  latencyMs: 0,
  failRate: 0,
  failStatus: 500,
  failSequence: [],
  retryAfterSeconds: 1,
  retryAfterAsDate: false,
  maxEvents: null,
};

/** A request or response body as kept in the traffic: the first bytes only, secrets replaced. */
export const CapturedBodySchema = z.object({
  text: z.string(),
  /** The size of the whole body as it went over the wire. */
  bytes: z.number().int().min(0),
  /** True when `text` holds only the start of the body. */
  truncated: z.boolean(),
});
export type CapturedBody = z.infer<typeof CapturedBodySchema>;

/** One break of the tracking plan in use by one event of a request (features/plans/common/plan.ts PlanViolation). */
export const SandboxViolationSchema = z.object({
  /** The event's position in the request's array, from 0. */
  index: z.number().int().min(0),
  kind: z.enum(VIOLATION_KINDS),
  severity: z.enum(['error', 'warning']),
  /** The JSON pointer of the value in the request's array: /3/attributes/currency. */
  pointer: z.string(),
  expected: z.string(),
  actual: z.string().optional(),
  message: z.string(),
});
export type SandboxViolation = z.infer<typeof SandboxViolationSchema>;

/** What the plan in use found in one request's events, as the traffic keeps it. */
export const SandboxPlanCheckSchema = z.object({
  /** The plan as people name it: `shop v3`. */
  plan: z.string(),
  /** In event order; at most a hundred. */
  violations: z.array(SandboxViolationSchema),
  /** Violations past that cap, counted only. */
  unlisted: z.number().int().min(0),
});
export type SandboxPlanCheck = z.infer<typeof SandboxPlanCheckSchema>;

/** The tracking plan a sandbox checks events against, read from a file it watches. */
export const SandboxPlanSchema = z.object({
  file: z.string(),
  /** The plan as people name it (`shop v3`); null while the file has never loaded. */
  label: z.string().nullable(),
  kinds: z.number().int().min(0),
  /** Problems of the plan itself, one line each: a broken kind named with its key and path is left unchecked, the rest applies. */
  problems: z.array(z.string()),
  /** Why the file's latest text could not be loaded; the plan last loaded from it, if any, still applies. */
  error: z.string().nullable(),
});
export type SandboxPlan = z.infer<typeof SandboxPlanSchema>;

/**
 * Why a forwarding sandbox did not pass on the upstream's answer: the code in the body of the
 * 502 it answered instead (docs/service-api.md §7), or of the 503 `bodies-over-budget` when the
 * answer would take the sandbox past the bytes it holds at once across every connection.
 */
export const FORWARD_FAILURES = [
  'upstream-unreachable',
  'upstream-timeout',
  'upstream-reset',
  'upstream-not-http',
  'upstream-tls',
  'upstream-answer-too-large',
  'bodies-over-budget',
] as const;
export type ForwardFailure = (typeof FORWARD_FAILURES)[number];

/** What became of a request a forwarding sandbox passed on to its upstream (`eventdesk sandbox --forward`). */
export const SandboxForwardedSchema = z.object({
  /** Where the request went: the upstream's base URL joined with the request's path and query, secrets in the query masked. */
  url: z.string(),
  /** The upstream's status, passed on to the client; null when it gave no answer (see `failure`). */
  status: z.number().int().nullable(),
  /** Why the client got a 502 (or a 503) instead: its code; null when the upstream answered, whatever it answered. */
  failure: z.enum(FORWARD_FAILURES).nullable(),
  /** From sending the request upstream to the end of its answer, or to the failure. */
  durationMs: z.number().min(0),
  /** How many events the request carried when it was a JSON array sent to /user/events; null otherwise. */
  events: z.number().int().min(0).nullable(),
});
export type SandboxForwarded = z.infer<typeof SandboxForwardedSchema>;

/** One request the sandbox received and what it answered. Headers and bodies have their secrets redacted. */
export const SandboxRequestRecordSchema = z.object({
  /** Counts up from 1 for the life of the server, so a record keeps its id when older ones drop out. */
  id: z.number().int().min(1),
  /** When the request arrived, ISO 8601 in UTC. */
  time: z.string(),
  durationMs: z.number().min(0),
  method: z.string(),
  /** The request target as sent: path and query. */
  path: z.string(),
  headers: z.record(z.string(), z.string()),
  body: CapturedBodySchema,
  /** Null when the connection was reset or dropped before an answer. */
  response: z
    .object({
      status: z.number().int(),
      headers: z.record(z.string(), z.string()),
      body: CapturedBodySchema,
    })
    .nullable(),
  /** Which fault injection, if any, decided the answer. */
  fault: z.enum(['fail-sequence', 'fail-rate']).nullable(),
  /** What the tracking plan in use found in the events; null without a plan, or when the events were not read (a fault, a body that is no array). */
  plan: SandboxPlanCheckSchema.nullable(),
  /** Present when the sandbox forwarded the request to an upstream instead of answering it itself; `response` is then what the client got. */
  forwarded: SandboxForwardedSchema.optional(),
});
export type SandboxRequestRecord = z.infer<typeof SandboxRequestRecordSchema>;

/** How a running sandbox is set up, as the app shows it. */
export const SandboxInfoSchema = z.object({
  url: z.string(),
  mode: SandboxModeSchema,
  serviceIdField: z.string(),
  timeZone: z.string(),
  tokenTtlSeconds: z.number().int(),
  maxBodyBytes: z.number().int(),
  demoUsername: z.string(),
  demoPassword: z.string(),
  demoApiKey: z.string(),
  /** The tracking plan in use, or null. */
  plan: SandboxPlanSchema.nullable(),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;
