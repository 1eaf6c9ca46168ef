import type { EnvironmentSettings } from '../../environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { sentOutcomeOf, type SentOutcome } from '../common/expectations.ts';
import type { SubmissionView } from '../../history/common/submission.ts';
import type { StartResult } from '../../sending/node/sending.ts';

/**
 * A scenario step's send through the services' sending, wherever they run (the app's own, or
 * a sending thread of `eventdesk run`): started as any send is, cancelled when the step is,
 * and read back from History once it has ended.
 */

export interface StepSending {
  start: (
    environmentId: string,
    batchText: string,
    again: boolean,
    tuning: { concurrency: number; maxAttempts: number; templatesResolved: true },
    label: string,
  ) => Promise<StartResult>;
  cancel(submissionId: string): unknown;
  /** Resolves once the send has ended and History holds how. */
  ended(submissionId: string): Promise<void>;
  /** The submission and its chunks, without its batch (which the outcome does not need, and can be 100 MB to read). */
  view(submissionId: string): SubmissionView | null | Promise<SubmissionView | null>;
}

export async function sendStep(
  sending: StepSending,
  environmentId: string,
  { environment, events, label, signal }: { environment: EnvironmentSettings; events: readonly unknown[]; label: string; signal: AbortSignal },
): Promise<SentOutcome> {
  // The engine resolved the step's templates (with its data row) and checks what it sent: they go as resolved.
  const tuning = { concurrency: environment.concurrency, maxAttempts: environment.maxAttempts, templatesResolved: true } as const;
  // A scenario sends the same batch on purpose, run after run: no duplicate warning to answer.
  const started = await sending.start(environmentId, JSON.stringify(events), true, tuning, label);
  if (!('started' in started)) throw new Error('A send with again=true did not start.');
  const id = started.started.id;
  const cancel = () => void sending.cancel(id);
  signal.addEventListener('abort', cancel, { once: true });
  if (signal.aborted) cancel();
  try {
    await sending.ended(id);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  const detail = await sending.view(id);
  if (!detail) throw new AppError('submission-not-found', `Submission ${id} is not in History after its send.`);
  return sentOutcomeOf(detail);
}
