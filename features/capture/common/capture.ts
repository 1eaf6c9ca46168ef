import { z } from 'zod';
import type { ForwardFailure, SandboxViolation } from '../../sandbox/common/sandbox.ts';

/**
 * What the capture keeps of the requests the sandbox received (features/capture/node/): each request,
 * masked, and each event it carried with its verdict. The Sandbox tab's triage, forwarding and
 * replay read these shapes; nothing in them is secret, as everything was masked before it was kept.
 */

/**
 * An event the sandbox (or, forwarding, the upstream) took (2xx), one it refused with its
 * request, or one a forwarding sandbox could not deliver: the upstream was down, too slow, or
 * answered garbage, so nobody judged it (the SDK got a 502).
 */
export const CAPTURED_VERDICTS = ['accepted', 'refused', 'undelivered'] as const;
export type CapturedVerdict = (typeof CAPTURED_VERDICTS)[number];

export interface CapturedProblem {
  /** The field at fault (`attributes.plan`), empty for the event as a whole. */
  field: string;
  message: string;
}

export interface CapturedEvent {
  requestId: number;
  /** Its place in the request's array, from 0 (people read index + 1). */
  index: number;
  /** The key fields as text (a value that is not a string as JSON), null when missing. */
  token: string | null;
  customerId: string | null;
  deviceId: string | null;
  createdAt: string | null;
  verdict: CapturedVerdict;
  /** Why an undelivered event was not delivered (`upstream-timeout`); null for the others. */
  failure: ForwardFailure | null;
  /** Its own problems, as strict mode found them (at most PROBLEMS_KEPT; problemCount counts all). */
  problems: CapturedProblem[];
  problemCount: number;
  /** The tracking plan's violations (up to 20), when the sandbox had a plan. */
  violations: SandboxViolation[];
}

/** The upstream's answer to a forwarded request; null until forwarding records one. */
export interface CapturedUpstream {
  url: string;
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** Why no answer came (down, timeout), null when one came. */
  error: string | null;
  durationMs: number;
}

export interface CapturedRequestSummary {
  id: number;
  /** When it arrived, ISO 8601. */
  receivedAt: string;
  durationMs: number;
  method: string;
  /** The path and query as sent, secret parameters masked. */
  path: string;
  /** Null when the connection was cut without an answer. */
  status: number | null;
  /** Why it was answered so, as the Sandbox tab words it (features/sandbox/common/sandbox-outcome.ts): `invalid-events: 3 problems`, `bad token`, `accepted 2 events`. */
  reason: string;
  eventCount: number;
  /** The fault that forced its answer, or null. */
  fault: string | null;
  /** The tracking plan its events were checked against, or null. */
  plan: string | null;
}

export interface CapturedRequest extends CapturedRequestSummary {
  /** Header names in lower case, secrets masked. */
  headers: Record<string, string>;
  /** The body as it arrived, secrets masked (a login's password among them). */
  body: string;
  bodyBytes: number;
  /** True when `body` is not the whole body (it was not read to its end). */
  bodyTruncated: boolean;
  response: { status: number; headers: Record<string, string>; body: string } | null;
  /** The name the sandbox gave the service-id field when it judged the events. */
  serviceIdField: string;
  upstream: CapturedUpstream | null;
}

export const CaptureRetentionSchema = z.object({
  /** Requests older than this are dropped. */
  days: z.number().positive(),
  /** The oldest requests are dropped until what is kept fits. */
  megabytes: z.number().positive(),
});
export type CaptureRetention = z.infer<typeof CaptureRetentionSchema>;

/** The capture's state, for the tab and the command line. */
export const CaptureStatusSchema = z.object({
  file: z.string(),
  /** False when capture is off because the file cannot be used (`problem` says why). */
  capturing: z.boolean(),
  /** What went wrong with the file, in words: set aside, or unusable. Null when all is well. */
  problem: z.string().nullable(),
  requests: z.number().int().min(0),
  events: z.number().int().min(0),
  /** Events received but not kept (a flood past the queue, a write that failed), since the last clear. */
  notCapturedEvents: z.number().int().min(0),
  notCapturedRequests: z.number().int().min(0),
  storedBytes: z.number().int().min(0),
  retention: CaptureRetentionSchema,
});
export type CaptureStatus = z.infer<typeof CaptureStatusSchema>;
