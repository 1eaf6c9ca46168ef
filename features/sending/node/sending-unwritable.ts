import { AppError } from '../../../base/common/errors.ts';
import { isDiskFull } from '../../../base/node/sqlite-file.ts';
import type { SubmissionStore } from '../../history/node/submissions.ts';

/**
 * What a send says when its record cannot be written (a full disk above all): nothing goes out
 * that the history does not hold, so each of these ends or refuses a send, saying why and what to do.
 */

const megabytes = (bytes: number) => `${Math.max(0.1, Math.ceil(bytes / 104_857.6) / 10)} MB`;

function unwritable(error: unknown): string {
  const why = isDiskFull(error) ? 'the disk holding it is full' : error instanceof Error ? error.message : String(error);
  return `The history could not be written: ${why}.`;
}

/** A batch not all recorded, so not sent; its parts and their search rows take about twice its size. */
export function batchUnrecorded(error: unknown, batchBytes: number): string {
  return `${unwritable(error)} This batch (${megabytes(batchBytes)}) could not be recorded, so nothing was sent: free about ${megabytes(2 * batchBytes)} and send it again.`;
}

/** A send under way whose next step could not be recorded. */
export function stoppedUnrecorded(error: unknown): string {
  return `${unwritable(error)} The send stopped so that nothing goes out unrecorded: free some space, then resume it.`;
}

/** Runs a write made before anything is sent; a full disk is said as such, with nothing sent. */
export function nothingSentIfUnwritable<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof AppError || !isDiskFull(error)) throw error;
    throw new AppError('history-full', `${unwritable(error)} Nothing was sent: free some space, then try again.`);
  }
}

/**
 * A step of a new send after its submission is recorded and before its batch is: one that fails
 * takes the submission with it (nothing of it was sent), and a full disk says so.
 */
export function beforeSending<T>(submissions: Pick<SubmissionStore, 'markInterrupted'>, submissionId: string, step: () => T): T {
  try {
    return nothingSentIfUnwritable(step);
  } catch (error) {
    endUnrecorded(submissions, submissionId, null);
    throw error;
  }
}

/**
 * Ends a send the record could not follow as a crash would have: a batch not all recorded goes
 * (nothing of it was sent), the rest waits, interrupted, for a resume that asks about the
 * requests that were out (`problem` says why they have no answer). The disk may still be
 * full: then the next start does it (markInterrupted), the record being as a crash leaves it.
 */
export function endUnrecorded(submissions: Pick<SubmissionStore, 'markInterrupted'>, submissionId: string, problem: string | null): void {
  try {
    submissions.markInterrupted((id) => id === submissionId, problem === null ? undefined : `No answer was recorded: ${problem}`);
  } catch {
    // Left as it is, 'sending': the next start ends it.
  }
}
