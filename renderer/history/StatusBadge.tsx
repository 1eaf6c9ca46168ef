import { WAITING_FOR_LOGIN, type SubmissionSummary } from '../../shared/submission.ts';
import { useSendState } from '../send/state.ts';

/**
 * A submission's status as a badge; one under way that waits for the user to log in again says
 * so, as its progress does: it is not failed, and it goes on after the login.
 */
export function StatusBadge({ submission }: { submission: Pick<SubmissionSummary, 'id' | 'status'> }) {
  const waiting = useSendState((state) => submission.status === 'sending' && state.progress[submission.id]?.waitingForLogin === true);
  return waiting ? <span className="badge outcome waiting">{WAITING_FOR_LOGIN}</span> : <span className={`badge outcome ${submission.status}`}>{submission.status}</span>;
}
