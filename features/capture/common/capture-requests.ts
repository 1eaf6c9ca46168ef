import { z } from 'zod';
import { CaptureStatusSchema } from './capture.ts';
import { SandboxViolationSchema } from '../../sandbox/common/sandbox.ts';

/**
 * The captured requests as the Sandbox tab reads them over the contract (features/capture/node/
 * captured-requests.ts): the newest ones, then only those written since, and one request whole
 * with what its events came to. Everything in them was masked before it was kept. The shapes
 * are features/capture/common/capture.ts's (CapturedRequestSummary, CapturedRequest), which the services return.
 */

/** The newest requests the tab reads at first; "Load older" reads OLDER_PAGE more at a time. */
export const REQUESTS_LISTED = 2_000;
export const OLDER_PAGE = 1_000;

/** At most this many requests the tab holds at once: loading older ones past it lets the newest go (the list says so). */
export const REQUESTS_HELD = 5_000;

/** At most this many requests go in one HAR export (the list never holds more). */
export const MAX_HAR_REQUESTS = REQUESTS_HELD;

const Headers = z.record(z.string(), z.string());

export const CapturedRequestSummarySchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  durationMs: z.number(),
  method: z.string(),
  path: z.string(),
  status: z.number().int().nullable(),
  reason: z.string(),
  eventCount: z.number().int().min(0),
  fault: z.string().nullable(),
  plan: z.string().nullable(),
});

/**
 * A request as the tab lists it: its summary, the upstream's status when it was forwarded
 * (`failed`: no answer from it, the SDK got a 502), and how many errors and warnings the plan
 * found in its events.
 */
export const ListedRequestSchema = CapturedRequestSummarySchema.extend({
  upstream: z.object({ status: z.number().int().nullable(), failed: z.boolean() }).nullable(),
  planErrors: z.number().int().min(0),
  planWarnings: z.number().int().min(0),
});
export type ListedRequest = z.infer<typeof ListedRequestSchema>;

const CapturedUpstreamSchema = z.object({
  url: z.string(),
  status: z.number().int().nullable(),
  headers: Headers,
  body: z.string(),
  error: z.string().nullable(),
  durationMs: z.number(),
});

const CapturedRequestSchema = CapturedRequestSummarySchema.extend({
  headers: Headers,
  body: z.string(),
  bodyBytes: z.number().int().min(0),
  bodyTruncated: z.boolean(),
  response: z.object({ status: z.number().int(), headers: Headers, body: z.string() }).nullable(),
  serviceIdField: z.string(),
  upstream: CapturedUpstreamSchema.nullable(),
});

/**
 * `after`: the newest request the tab holds, to ask for those written after it; a different one
 * under that id means the capture was cleared or set aside since. `before`: the oldest it holds,
 * to ask for the OLDER_PAGE written before it ("Load older").
 */
export const CaptureRequestsInputSchema = z.object({
  after: z.object({ id: z.number().int().min(0), receivedAt: z.string().max(100) }).nullable(),
  before: z.number().int().min(1).optional(),
});

export const CaptureRequestsSchema = z.object({
  /** Newest first. */
  requests: z.array(ListedRequestSchema),
  /** True when these replace the list (a first read, or the capture changed under it); false when they go on top of it (or, read `before`, below it). */
  reset: z.boolean(),
  /** Read anew or `before`: whether the capture keeps requests older than the oldest of these (a read `after` leaves the tab's answer as it was). */
  more: z.boolean(),
  /** The capture's counts read with these, so the status line and the list agree at each read. */
  status: CaptureStatusSchema,
});
export type CaptureRequests = z.infer<typeof CaptureRequestsSchema>;

/** An event of the request that was refused, with its own problems (the first few). */
const RefusedEventSchema = z.object({
  index: z.number().int().min(0),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  problemCount: z.number().int().min(0),
});

export const CapturedRequestDetailSchema = z.object({
  request: CapturedRequestSchema,
  accepted: z.number().int().min(0),
  refused: z.number().int().min(0),
  /** Events a forwarding sandbox could not deliver: the upstream never answered, so nobody judged them. */
  undelivered: z.number().int().min(0),
  /** Refused events that have problems of their own, the first 50 of them. */
  refusedEvents: z.array(RefusedEventSchema),
  /** The plan's violations, in event order, the first 200 of them; `unlisted` counts the rest. */
  violations: z.array(SandboxViolationSchema),
  unlisted: z.number().int().min(0),
});
export type CapturedRequestDetail = z.infer<typeof CapturedRequestDetailSchema>;

export const CaptureHarInputSchema = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(MAX_HAR_REQUESTS) });
