import { z } from 'zod';
import { StepVerdictSchema } from './step-verdict.ts';

/** The largest batch text EventDesk keeps as a draft or sends: well past 100 000 events of pretty JSON. */
export const MAX_BATCH_CHARS = 120 * 1024 * 1024;

/**
 * A submission: one send of a resolved batch to an environment, split into chunks, each
 * recorded as it completes. These shapes are what the history keeps and the UI shows.
 */

export const SubmissionStatusSchema = z.enum(['sending', 'ok', 'partial', 'failed', 'interrupted', 'cancelled']);
export type SubmissionStatus = z.infer<typeof SubmissionStatusSchema>;

/** 'skipped': a resume was told not to send again a chunk that went out without an answer. */
export const ChunkStatusSchema = z.enum(['pending', 'sending', 'ok', 'failed', 'cancelled', 'skipped']);
export type ChunkStatus = z.infer<typeof ChunkStatusSchema>;

/**
 * One request of a chunk and what came of it: every attempt is kept, so the 500 and the 429
 * before a 200 can be shown and attached to a ticket. Headers, body and error are masked (every
 * known secret of the environment, in every form) before they are stored.
 */
export const ChunkAttemptSchema = z.object({
  /** Counted over every run of the submission, as the chunk's `attempts`. */
  number: z.number().int().min(1),
  /** When its first byte went out; null for an answer recorded before every attempt was kept. */
  startedAt: z.string().nullable(),
  durationMs: z.number().min(0),
  /** The events it carried; a 413 later sends them in smaller parts. */
  firstEvent: z.number().int().min(0),
  eventCount: z.number().int().min(1),
  /** Null when no HTTP answer came: a reset, a timeout, a cancel, or a crash while it was out. */
  statusCode: z.number().int().nullable(),
  retryAfter: z.string().nullable(),
  error: z.string().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: z.string(),
  responseTruncated: z.boolean(),
  /**
   * Its events may be on the server with no answer to say so: it went out and no answer came (a
   * reset, a timeout, a cancel, a crash while it was out). False once answered, or when no
   * connection was made (refused, DNS, TLS).
   */
  mayHaveArrived: z.boolean(),
});
export type ChunkAttempt = z.infer<typeof ChunkAttemptSchema>;
/** An attempt as its request goes out, before its first byte. */
export type AttemptStart = Pick<ChunkAttempt, 'number' | 'startedAt' | 'firstEvent' | 'eventCount'>;
/** What came of it, masked. */
export type AttemptEnd = Omit<ChunkAttempt, keyof AttemptStart>;

/**
 * One chunk of a submission, known by its first event: no two chunks of a submission begin at
 * the same event, and a 413 split leaves the chunks around it as they were. Listed in event order.
 */
export const ChunkRecordSchema = z.object({
  /** The events it carries: [firstEvent, firstEvent + eventCount) of the resolved batch, counted from 0. */
  firstEvent: z.number().int().min(0),
  eventCount: z.number().int().min(1),
  status: ChunkStatusSchema,
  statusCode: z.number().int().nullable(),
  /** The last answer's headers and body, bounded, every known secret masked. */
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: z.string(),
  responseTruncated: z.boolean(),
  attempts: z.number().int().min(0),
  durationMs: z.number().min(0),
  /** What went wrong, in words, when it failed; null otherwise. */
  error: z.string().nullable(),
  /** One of its attempts may have arrived with no answer (see ChunkAttempt.mayHaveArrived): the server may already hold its events. */
  wentOut: z.boolean(),
  /** Every attempt, oldest first (at most MAX_ATTEMPTS_KEPT). */
  attemptLog: z.array(ChunkAttemptSchema),
});
export type ChunkRecord = z.infer<typeof ChunkRecordSchema>;

/** What a send changes of a chunk as it goes: everything but which events it carries and its attempts. */
export type ChunkPatch = Partial<Omit<ChunkRecord, 'firstEvent' | 'eventCount' | 'wentOut' | 'attemptLog'>>;

/** Each answer's body is kept up to this many bytes of UTF-8; the rest is cut and flagged. */
export const MAX_RESPONSE_BODY_BYTES = 64 * 1024;

/** The numbers of a run of events, counted from 1 as people read them: "3–4", or "3" for one. */
export function eventNumbers(firstEvent: number, eventCount: number): string {
  return eventCount === 1 ? String(firstEvent + 1) : `${firstEvent + 1}–${firstEvent + eventCount}`;
}

/** A run of events in words: "events 3–4", or "event 3" for one. */
export function eventRangeText(firstEvent: number, eventCount: number): string {
  return `${eventCount === 1 ? 'event' : 'events'} ${eventNumbers(firstEvent, eventCount)}`;
}

/** What a resume does with chunks that went out without an answer: send them again, or mark them skipped. */
export const UnansweredChoiceSchema = z.enum(['resend', 'skip']);
export type UnansweredChoice = z.infer<typeof UnansweredChoiceSchema>;

/** The chunks a resume would send of which a request went out without an answer: the server may already hold their events. */
export function possiblyDelivered<C extends Pick<ChunkRecord, 'wentOut' | 'status'>>(chunks: readonly C[]): C[] {
  return chunks.filter((chunk) => chunk.wentOut && chunk.status !== 'ok' && chunk.status !== 'skipped');
}

/** "events 201–400 went out without an answer; the server may already hold them", for the resume's question. */
export function unansweredText(chunks: readonly Pick<ChunkRecord, 'firstEvent' | 'eventCount'>[]): string {
  const ranges = chunks.map((chunk) => eventRangeText(chunk.firstEvent, chunk.eventCount));
  const one = chunks.length === 1 && chunks[0]!.eventCount === 1;
  const list = ranges.length <= 2 ? ranges.join(' and ') : `${ranges.slice(0, -1).join(', ')} and ${ranges.at(-1)}`;
  return `${list} went out without an answer; the server may already hold ${one ? 'it' : 'them'}`;
}

export const SubmissionSchema = z.object({
  id: z.string(),
  environmentId: z.string(),
  environmentName: z.string(),
  environmentColor: z.string(),
  baseUrl: z.string(),
  /** The request headers as sent, redacted (apiKey: ••••1234, Authorization: Bearer ••••). */
  headers: z.record(z.string(), z.string()),
  /** The resolved batch as sent, JSON text. */
  batch: z.string(),
  eventCount: z.number().int().min(0),
  /** sha-256 of the resolved batch text, to warn about sending the same batch twice. */
  batchHash: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The time spent sending, over every run: a resume adds its own, not the pause before it. */
  sendingMs: z.number().int().min(0),
  status: SubmissionStatusSchema,
  /** The user's own words, both searchable: a short label and a note (a support ticket id). */
  label: z.string(),
  note: z.string(),
  /**
   * The original customer and device ids the batch was pseudonymized from, customers first,
   * masked: kept only in the local history so a search for the real customer finds the send.
   * Never sent, never in an export.
   */
  pseudonymizedFrom: z.array(z.string()),
  /** What the scenario step that made this send made of it (step-verdict.ts); absent for a send no run made. */
  stepVerdict: StepVerdictSchema.optional(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

/** The most original ids a send keeps, and the longest each may be. */
export const MAX_PSEUDONYM_ORIGINS = 1000;
export const PSEUDONYM_ORIGIN_MAX = 256;
/** How many of them the detail names before "and N more". */
const ORIGINS_NAMED = 3;

/** "Pseudonymized from cust-7781, cust-1002 and 4 more", or null when the send was not made from pseudonymized ids. */
export function pseudonymizedFromText(originals: readonly string[]): string | null {
  if (originals.length === 0) return null;
  const named = originals.slice(0, ORIGINS_NAMED);
  const more = originals.length - named.length;
  const list =
    more > 0
      ? `${named.join(', ')} and ${more.toLocaleString('en')} more`
      : named.length === 1
        ? named[0]
        : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `Pseudonymized from ${list}`;
}

/**
 * The time a submission spent sending, in ms, or null while it runs, or when a crash cut its
 * only run short (that run's time is not known).
 */
export function sendingTime(submission: Pick<Submission, 'finishedAt' | 'sendingMs' | 'status'>): number | null {
  return submission.finishedAt === null || (submission.status === 'interrupted' && submission.sendingMs === 0) ? null : submission.sendingMs;
}

export const SubmissionDetailSchema = SubmissionSchema.extend({ chunks: z.array(ChunkRecordSchema) });
export type SubmissionDetail = z.infer<typeof SubmissionDetailSchema>;

/** A send waiting for the user to log in again, in words: its activity, and what the window shows of it. */
export const WAITING_FOR_LOGIN = 'waiting for you to log in';

/** Pushed while a submission is under way. */
export const SendProgressSchema = z.object({
  submissionId: z.string(),
  /** Where it goes: a login that ends there stops the send, which goes on after the next login. */
  environmentId: z.string(),
  /** Where it goes, as the progress names it: the environment may no longer be the one shown. */
  environmentName: z.string(),
  chunksDone: z.number().int(),
  chunksTotal: z.number().int(),
  eventsDone: z.number().int(),
  eventsTotal: z.number().int(),
  eventsPerSecond: z.number(),
  /** Seconds left at the current pace; null before there is a pace. */
  etaSeconds: z.number().nullable(),
  /** Any current wait or retry, in words ("rate limited, retrying in 4 s"). */
  activity: z.string().nullable(),
  status: SubmissionStatusSchema,
  /** Why the send stopped when its record could not be written (a full disk); null otherwise. */
  problem: z.string().nullable(),
  /** True while it waits for the user to log in again (it goes on after the login; a declined login stops it); absent, it does not. */
  waitingForLogin: z.boolean().optional(),
});
export type SendProgress = z.infer<typeof SendProgressSchema>;

/** A submission without its batch text: what crosses IPC while sending and in lists. */
export const SubmissionSummarySchema = SubmissionSchema.omit({ batch: true });
export type SubmissionSummary = z.infer<typeof SubmissionSummarySchema>;

export const SubmissionViewSchema = SubmissionSummarySchema.extend({ chunks: z.array(ChunkRecordSchema) });
export type SubmissionView = z.infer<typeof SubmissionViewSchema>;

export const StartResultSchema = z.union([z.object({ started: SubmissionSummarySchema }), z.object({ duplicateOf: SubmissionSummarySchema })]);
