import type { SubmissionStatus } from '../../../features/history/common/submission.ts';
import type { Api } from '../api.ts';
import { useSendState } from './send-state.ts';

/**
 * A login that ends in the middle of a send (no remembered password to renew it) stops the
 * send: main leaves the chunks not yet acknowledged pending. The user asked to send, not to log
 * in, so once they log in again the send goes on from where it stopped.
 */

/** The sends to this environment under way, as their progress says: a login ending now stops them. */
export function sendsUnderWay(environmentId: string): string[] {
  return Object.values(useSendState.getState().progress)
    .filter((progress) => progress.environmentId === environmentId && progress.status === 'sending')
    .map((progress) => progress.submissionId);
}

/** How a send ended, once it has: at once when it already has. */
function ended(submissionId: string): Promise<SubmissionStatus> {
  return new Promise((resolve) => {
    const statusOf = () => useSendState.getState().progress[submissionId]?.status;
    const now = statusOf();
    if (now !== undefined && now !== 'sending') {
      resolve(now);
      return;
    }
    const unsubscribe = useSendState.subscribe(() => {
      const status = statusOf();
      if (status === undefined || status === 'sending') return;
      unsubscribe();
      resolve(status);
    });
  });
}

/** Stopped short of its end by the login: a cancel is the user's, and a send that ended ok needs nothing. */
const STOPPED: ReadonlySet<SubmissionStatus> = new Set(['failed', 'partial']);

/** Sends being resumed after a login: a login asked for twice (before expiry, then at it) resumes each once. */
const resuming = new Set<string>();

/**
 * After the login: each send waits until it has stopped, then goes on with the chunks never
 * acknowledged. A send the new login reached in time ends by itself and is left alone.
 */
export async function resumeStopped(api: Pick<Api, 'send'>, submissionIds: readonly string[], onError: (message: string) => void): Promise<void> {
  await Promise.all(
    submissionIds
      .filter((submissionId) => !resuming.has(submissionId))
      .map(async (submissionId) => {
        resuming.add(submissionId);
        try {
          if (STOPPED.has(await ended(submissionId))) await api.send.resume({ submissionId });
        } catch (error) {
          onError(error instanceof Error ? error.message : String(error));
        } finally {
          resuming.delete(submissionId);
        }
      }),
  );
}
