import path from 'node:path';
import { planChunksBySize } from '../../history/common/chunking.ts';
import { AppError } from '../../../base/common/errors.ts';
import { MASK, redactHeaders, redactText } from '../../../base/common/redaction/redact.ts';
import {
  possiblyDelivered,
  unansweredText,
  type ChunkRecord,
  type SendProgress,
  type SubmissionDetail,
  type SubmissionStatus,
  type SubmissionSummary,
  type UnansweredChoice,
} from '../../history/common/submission.ts';
import { endpoint } from '../../environments/node/auth.ts';
import type { Environment } from '../../environments/common/environment.ts';
import type { Environments } from '../../environments/node/environments.ts';
import { claimSubmission } from '../../history/node/send-claims.ts';
import { sendChunks } from './sender.ts';
import { preparing, type PreparedBatch } from './sending-batch.ts';
import type { EarlyBatches, EarlyBatchKey } from './early-batches.ts';
import { indexingLeftOver, indexingSent, recording } from './sending-record.ts';
import type { Sessions } from '../../environments/node/sessions.ts';
import { inSlices } from '../../../base/node/slices.ts';
import { batchUnrecorded, beforeSending, endUnrecorded, nothingSentIfUnwritable, stoppedUnrecorded } from './sending-unwritable.ts';
import type { ChunkRange, SubmissionStore } from '../../history/node/submissions.ts';
import { knownSecrets, type Vault } from '../../environments/node/vault.ts';
import type { Fetch } from '../../../base/node/ports.ts';

export { prepareBatch, type PreparedBatch } from './sending-batch.ts';

/**
 * A send from start to finish: the batch read once and its templates resolved (sending-batch.ts),
 * split into chunks, the submission recorded, progress pushed to the window at once, the batch
 * recorded before the first byte goes out, every chunk's outcome recorded as it comes, and the
 * batch's search index written as the chunks go. Everything that grows with the batch runs in
 * slices (slices.ts), so a send of 100 000 events never holds the services' event loop for long.
 * Cancel keeps what was acknowledged; resume sends only what was not.
 */

export interface SendingOptions {
  fetch: Fetch;
  environments: Environments;
  sessions: Sessions;
  vault: Vault;
  submissions: SubmissionStore;
  push: (progress: SendProgress) => void;
  /**
   * How long a send whose login ended (no password remembered) waits for the user to log in
   * again, as the app's window asks; absent, it stops there (the command line has no one to ask).
   */
  loginWaitMs?: number;
  /**
   * After a send has recorded how it ended (the history applies its retention then), with why
   * it stopped when its record could not be written, else null.
   */
  onFinished?: (submissionId: string, problem: string | null) => void;
  /** Batches the command line had read for sending before the services started (early-batches.ts). */
  early?: EarlyBatches;
}

export interface ResumePlan {
  submission: SubmissionDetail;
  remaining: ChunkRecord[];
  uncertain: ChunkRecord[];
}

export type StartResult = { started: SubmissionSummary } | { duplicateOf: SubmissionSummary };

/** How one send may tune the sender (the command line's flags); left out, the sender's defaults hold. */
export interface SendTuning {
  concurrency?: number;
  maxAttempts?: number;
  /**
   * The batch's templates were resolved already (a scenario step resolves them with its data
   * row, to check what it sends and compare what was received): it goes as written, so a value
   * reading `{{…}}` that a data cell put there is not resolved a second time.
   */
  templatesResolved?: boolean;
}

/** The error a skipped chunk keeps: why it was not sent again. */
const SKIPPED_REASON = 'Skipped on resume: it went out without an answer, and the server may already hold these events.';

/** Progress is pushed at most this often; the last one always goes. */
const PROGRESS_INTERVAL_MS = 100;

export function createSending(options: SendingOptions) {
  const { loginWaitMs } = options;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Search index writing under way, which the store must outlive. */
  const indexing = new Set<Promise<void>>();
  /** Set on quit: a send still being read then is refused before it records anything, the history closing under it. */
  let closing = false;

  /** Keeps track of search index writing until it ends; a failure leaves its parts unindexed, for the next start. */
  function index(writing: Promise<void>): void {
    const kept = writing.catch(() => undefined);
    indexing.add(kept);
    void kept.then(() => indexing.delete(kept));
  }

  // At start: what the last run left unindexed (markInterrupted has ended its sends) becomes searchable again.
  index(inSlices(indexingLeftOver(options.submissions)));

  /**
   * Claims a submission for this process before anything about it changes, so that a resume
   * refused because another process sends it changes nothing. Claims sit beside the history the
   * send is recorded in (a workspace's has its own), so no other process, the app or a command,
   * resumes a send under way, and the history shows as sending only what a live process sends.
   */
  function claim(submissionId: string): { release(): void } {
    const claimed = claimSubmission(path.dirname(options.submissions.file), submissionId);
    if (!claimed.ok) {
      throw new AppError(
        'already-sending',
        `Submission ${submissionId} is still being sent by process ${claimed.pid}; resuming it now would send chunks twice.`,
        `(If that process is not EventDesk, delete ${claimed.file}.)`,
      );
    }
    return claimed;
  }

  /**
   * How a submission ended, from how its last run ended: chunks a resume skipped were never
   * acknowledged, so a run that sent everything else is 'partial' (or 'failed' with nothing ok).
   */
  function endStatus(runStatus: SubmissionStatus, submissionId: string): SubmissionStatus {
    const statuses = options.submissions.chunkStatuses(submissionId);
    if (!statuses.includes('skipped') || (runStatus !== 'ok' && runStatus !== 'failed')) return runStatus;
    return statuses.includes('ok') ? 'partial' : 'failed';
  }

  /**
   * What a resume of a submission would send: its chunks never acknowledged, and those of them
   * that went out without an answer (the server may hold them already). Refuses, changing
   * nothing, a submission that is unknown or still being sent, here or by another process.
   */
  function planResume(submissionId: string): ResumePlan {
    if (running.has(submissionId)) throw new AppError('already-sending', 'That submission is still being sent.');
    const submission = options.submissions.get(submissionId);
    if (!submission) throw new AppError('submission-not-found', 'That submission no longer exists.');
    options.submissions.requireIntact();
    claim(submissionId).release();
    // A batch not all recorded (the disk filled while it was): its missing events cannot be sent.
    const recorded = options.submissions.eventsRecorded(submissionId);
    if (recorded < submission.eventCount) {
      throw new AppError(
        'submission-incomplete',
        `Submission ${submissionId} recorded only ${recorded} of its ${submission.eventCount} events, so it cannot be resumed: send the batch again.`,
      );
    }
    const remaining = options.submissions.remainingChunks(submissionId);
    return { submission, remaining, uncertain: possiblyDelivered(remaining) };
  }

  /** Records how a resume that had nothing to send ended, and lets go of its claim. */
  function endUnsent(detail: SubmissionDetail, status: SubmissionStatus, held: { release(): void }): SubmissionDetail {
    options.submissions.finish(detail.id, status);
    held.release();
    options.onFinished?.(detail.id, null);
    return { ...detail, status, finishedAt: new Date().toISOString() };
  }

  function headersShown(environmentId: string): Record<string, string> {
    const environment = options.environments.get(environmentId);
    const { apiKey } = options.vault.get(environmentId);
    return redactHeaders({
      ...Object.fromEntries(environment.extraHeaders.map((header) => [header.name, header.value])),
      'Content-Type': 'application/json',
      apiKey: apiKey ?? MASK,
      Authorization: `Bearer ${MASK}`,
    });
  }

  /**
   * Sends `chunks` of a submission; the engine and the store both know a chunk by its first
   * event. `attemptsBefore` (by first event) are a resumed chunk's attempts in earlier runs,
   * which its record goes on counting from. `claim` (see `claim()`) is released when the run ends.
   * A new submission comes `prepared`: progress is pushed at once, its chunks and batch are
   * recorded before the first request, and its search index is written while the chunks go.
   */
  function run(
    claim: { release(): void },
    submission: SubmissionSummary,
    eventTexts: string[],
    chunks: ChunkRange[],
    tuning: SendTuning = {},
    attemptsBefore: ReadonlyMap<number, number> = new Map(),
    prepared?: PreparedBatch,
  ): void {
    options.submissions.finish(submission.id, 'sending');
    const environment = options.environments.get(submission.environmentId);
    const controller = new AbortController();
    // Why the record could not be written (a full disk): the send stops there, as what went out
    // next would be in no record, and says so.
    let problem: string | null = null;
    /** A write of the record; the first that fails stops the send, and none is tried after it. */
    const record = <T>(write: () => T): T | undefined => {
      if (problem !== null) return undefined;
      try {
        return write();
      } catch (error) {
        problem = stoppedUnrecorded(error);
        controller.abort();
        return undefined;
      }
    };
    // A chunk a 413 splits is gone: its parts count their own attempts from 1.
    const earlierAttempts = new Map(attemptsBefore);
    const total = { chunks: chunks.length, events: chunks.reduce((sum, chunk) => sum + chunk.eventCount, 0) };
    const counted = { chunks: 0, events: 0 };
    const started = performance.now();
    let activity: string | null = null;
    let lastPush = 0;
    /** Chunks waiting for the user to log in again. */
    let waitingForLogin = 0;

    const report = (status: SubmissionStatus, force = false) => {
      const now = performance.now();
      if (!force && now - lastPush < PROGRESS_INTERVAL_MS) return;
      lastPush = now;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? counted.events / seconds : 0;
      options.push({
        submissionId: submission.id,
        environmentId: submission.environmentId,
        environmentName: submission.environmentName,
        chunksDone: counted.chunks,
        chunksTotal: total.chunks,
        eventsDone: counted.events,
        eventsTotal: total.events,
        eventsPerSecond: rate,
        etaSeconds: rate > 0 ? (total.events - counted.events) / rate : null,
        activity,
        status,
        problem,
        waitingForLogin: waitingForLogin > 0,
      });
    };

    report('sending', true);
    // All of the batch is recorded before the first byte, or none of it stays (see stopped()).
    const recorded = prepared
      ? inSlices(recording(options.submissions, submission.id, chunks, prepared)).then(
          () => true,
          (error: unknown) => {
            problem = batchUnrecorded(error, prepared.batchBytes);
            return false;
          },
        )
      : Promise.resolve(true);
    if (prepared) index(recorded.then((whole) => (whole ? inSlices(indexingSent(options.submissions, submission.id, prepared)) : undefined)));
    const sent = recorded.then((whole) =>
      whole
        ? sendChunks({
            environmentId: submission.environmentId,
            sessions: options.sessions,
            fetch: options.fetch,
            url: endpoint(options.environments.resolvedBaseUrl(submission.environmentId), '/user/events'),
            eventTexts,
            chunks,
            // The environment's settings, unless this one send says otherwise (the command line's flags).
            concurrency: tuning.concurrency ?? environment.concurrency,
            maxAttempts: tuning.maxAttempts ?? environment.maxAttempts,
            timeoutMs: environment.requestTimeoutMs,
            signal: controller.signal,
            // Read at each answer: a login renewed mid-send brings new tokens.
            secrets: () => knownSecrets([options.vault.get(submission.environmentId)]),
            // A request whose start could not be recorded never goes out: the failed write aborted the send.
            onAttempt: (attempt) => {
              const number = (earlierAttempts.get(attempt.firstEvent) ?? 0) + attempt.number;
              const id = record(() => options.submissions.beginAttempt(submission.id, { ...attempt, number }));
              return id === undefined ? () => undefined : (end) => record(() => options.submissions.endAttempt(submission.id, id, end));
            },
            onChunk: (firstEvent, patch) => {
              const earlier = earlierAttempts.get(firstEvent) ?? 0;
              const patched = patch.attempts === undefined || earlier === 0 ? patch : { ...patch, attempts: earlier + patch.attempts };
              // Counted once recorded: an answer the record lost is asked about on resume, not counted.
              const chunk = record(() => options.submissions.updateChunk(submission.id, firstEvent, patched));
              if (chunk && (patch.status === 'ok' || patch.status === 'failed')) {
                counted.chunks++;
                if (patch.status === 'ok') counted.events += chunk.eventCount;
              }
              report('sending');
            },
            onSplit: (firstEvent, parts) => {
              earlierAttempts.delete(firstEvent);
              record(() => options.submissions.splitChunk(submission.id, firstEvent, parts));
              total.chunks += parts.length - 1;
              report('sending', true);
            },
            waitForLogin:
              loginWaitMs === undefined
                ? undefined
                : async (signal) => {
                    waitingForLogin++;
                    report('sending', true);
                    try {
                      await options.sessions.waitForLogin(submission.environmentId, signal, loginWaitMs);
                    } finally {
                      waitingForLogin--;
                    }
                  },
            onActivity: (text) => {
              activity = text;
              report('sending', true);
            },
          })
        : ('failed' as const),
    );
    const done = sent
      .catch(() => 'failed' as const)
      .then((engineStatus) => {
        running.delete(submission.id);
        claim.release();
        activity = null;
        const status = problem === null ? endStatus(engineStatus, submission.id) : 'failed';
        record(() => options.submissions.finish(submission.id, status, Math.round(performance.now() - started)));
        if (problem !== null) {
          endUnrecorded(options.submissions, submission.id, problem);
          report('failed', true);
          return options.onFinished?.(submission.id, problem);
        }
        report(status, true);
        options.onFinished?.(submission.id, null);
      });
    running.set(submission.id, { controller, done });
  }

  /** A batch as the send goes out: its text read now, in slices, or what was read of it ahead (early-batches.ts). */
  function readForSending(environment: Environment, batch: string | EarlyBatchKey, tuning?: SendTuning): Promise<PreparedBatch> {
    if (typeof batch === 'string') return inSlices(preparing(environment, batch, new Date(), !tuning?.templatesResolved));
    if (!options.early) return Promise.reject(new AppError('batch-not-read-ahead', 'These services read no batch ahead; nothing was sent.'));
    return options.early.read(batch.early, environment.id);
  }

  /**
   * Sends a batch (its text as in the editor, or the key of one read ahead) to an environment,
   * unless the same resolved batch went there before and `again` is false. Resolves once the
   * submission is recorded (and its first progress pushed); the batch is read in slices before
   * that, and recorded after it.
   * `label` is the new submission's from the start (a resend keeps its submission's), and
   * `pseudonymizedFrom` the original ids its batch was pseudonymized from (history only).
   */
  async function start(
    environmentId: string,
    batch: string | EarlyBatchKey,
    again: boolean,
    tuning?: SendTuning,
    label = '',
    pseudonymizedFrom: readonly string[] = [],
  ): Promise<StartResult> {
    const environment = options.environments.get(environmentId);
    const read = await readForSending(environment, batch, tuning);
    if (closing) throw new AppError('services-closing', 'EventDesk is closing; nothing was sent.');
    // Said before anything is recorded: a send that could only fail is no submission.
    const secrets = options.vault.secretsFor(environmentId, options.environments.resolvedBaseUrl(environmentId));
    if (!secrets.apiKey) throw new AppError('missing-api-key', `“${environment.name}” has no API key. Add it in the environment's settings; nothing was sent.`);
    const canLogIn = environment.rememberPassword && Boolean(secrets.password);
    if (options.sessions.status(environmentId)?.state !== 'active' && !canLogIn) {
      throw new AppError('needs-login', `Log in to “${environment.name}” first; nothing was sent.`);
    }
    // A history damaged anywhere takes no send: it could not be trusted to keep its record.
    options.submissions.requireIntact();
    const earlier = options.submissions.lastWithSameBatch(environmentId, read.batchHash);
    if (earlier && !again) return { duplicateOf: earlier };
    // Sent from here on: what was read ahead is the send's to keep.
    if (typeof batch !== 'string') options.early?.forget(batch.early);

    const plan = planChunksBySize(read.eventBytes, { chunkSize: environment.chunkSize, maxChunkBytes: environment.maxChunkBytes });
    const submission = nothingSentIfUnwritable(() =>
      options.submissions.openSubmission({
        environmentId,
        environmentName: environment.name,
        environmentColor: environment.color,
        baseUrl: options.environments.resolvedBaseUrl(environmentId),
        headers: headersShown(environmentId),
        eventCount: read.eventTexts.length,
        batchHash: read.batchHash,
        batchBytes: read.batchBytes,
        startedAt: new Date().toISOString(),
        // Masked as every answer is: an id the user typed may hold a secret.
        pseudonymizedFrom: pseudonymizedFrom.map((original) => redactText(original, knownSecrets([secrets]))),
      }),
    );
    // Before the first byte: the send's progress and its history row carry the label from the start.
    const started = label
      ? beforeSending(options.submissions, submission.id, () => options.submissions.annotate(submission.id, { label, note: '' }))
      : submission;
    run(
      beforeSending(options.submissions, submission.id, () => claim(submission.id)),
      submission,
      read.eventTexts,
      plan.map(({ firstEvent, eventCount }) => ({ firstEvent, eventCount })),
      tuning,
      new Map(),
      read,
    );
    return { started };
  }

  return {
    start,

    /** Sends a recorded submission's batch again, to the environment it went to, under its label. */
    resend(submissionId: string, again: boolean): Promise<StartResult> {
      const detail = options.submissions.get(submissionId);
      if (!detail) return Promise.reject(new AppError('submission-not-found', 'That submission no longer exists.'));
      return start(detail.environmentId, detail.batch, again, undefined, detail.label, detail.pseudonymizedFrom);
    },

    planResume,

    /**
     * Sends only the chunks of an interrupted, failed or cancelled submission that were never
     * acknowledged. Chunks that went out without an answer may already be on the server: unless
     * `unanswered` says to send them again or to skip them, it refuses and names them.
     */
    resume(submissionId: string, tuning?: SendTuning, unanswered?: UnansweredChoice): SubmissionDetail {
      const { submission: detail, remaining: unacknowledged, uncertain } = planResume(submissionId);
      let remaining = unacknowledged;
      if (remaining.length === 0 && detail.status === 'ok') throw new AppError('nothing-to-resume', 'Every chunk of that submission was already acknowledged.');
      // Every chunk was acknowledged but the run ended before saying so (a kill): it is ok.
      if (remaining.length === 0) return endUnsent(detail, 'ok', claim(submissionId));
      if (uncertain.length > 0 && unanswered === undefined) {
        const them = uncertain.length === 1 ? ['that chunk', 'it'] : ['those chunks', 'them'];
        throw new AppError('resume-unanswered', `${unansweredText(uncertain)}. Say whether to send ${them[0]} again or to skip ${them[1]}.`);
      }
      // Held before anything changes: a resume refused because another process sends it changes nothing.
      const held = claim(submissionId);
      if (uncertain.length > 0 && unanswered === 'skip') {
        options.submissions.skipChunks(
          submissionId,
          uncertain.map((chunk) => chunk.firstEvent),
          SKIPPED_REASON,
        );
        remaining = options.submissions.remainingChunks(submissionId);
        if (remaining.length === 0) return endUnsent(detail, endStatus('failed', submissionId), held);
      }
      const eventTexts = (JSON.parse(detail.batch) as unknown[]).map((event) => JSON.stringify(event));
      nothingSentIfUnwritable(() =>
        run(
          held,
          detail,
          eventTexts,
          remaining.map(({ firstEvent, eventCount }) => ({ firstEvent, eventCount })),
          tuning,
          new Map(detail.chunks.map((chunk) => [chunk.firstEvent, chunk.attempts])),
        ),
      );
      return { ...detail, status: 'sending' };
    },

    /** Whether a send is under way (the history it writes to must stay the same until it ends). */
    busy(): boolean {
      return running.size > 0;
    },

    cancel(submissionId: string): void {
      running.get(submissionId)?.controller.abort();
    },

    /**
     * Resolves once the send has recorded how it ended (History has its status, its last
     * progress is pushed); at once for a send not under way. A run of scenarios waits on it.
     */
    ended(submissionId: string): Promise<void> {
      return running.get(submissionId)?.done ?? Promise.resolve();
    },

    /** On quit: cancels every send and waits until each has recorded how it ended, and the search index what it was writing. */
    async dispose(): Promise<void> {
      closing = true;
      const sends = [...running.values()];
      for (const send of sends) send.controller.abort();
      await Promise.all(sends.map((send) => send.done));
      await Promise.all(indexing);
    },
  };
}
export type Sending = ReturnType<typeof createSending>;
