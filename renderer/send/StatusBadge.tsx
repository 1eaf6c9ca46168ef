import { refusalExpected, stepVerdictText } from '../../features/history/common/step-verdict.ts';
import { WAITING_FOR_LOGIN, type SubmissionSummary } from '../../features/history/common/submission.ts';
import { useSendState } from '../base/data/send-state.ts';

/**
 * A submission's status as a badge; one under way that waits for the user to log in again says
 * so, as its progress does: it is not failed, and it goes on after the login. A send a scenario's
 * step made shows the step's verdict beside it: a refusal the step expected is no red failure.
 */
export function StatusBadge({ submission }: { submission: Pick<SubmissionSummary, 'id' | 'status' | 'stepVerdict'> }) {
  const waiting = useSendState((state) => submission.status === 'sending' && state.progress[submission.id]?.waitingForLogin === true);
  if (waiting) return <span className="badge outcome waiting">{WAITING_FOR_LOGIN}</span>;
  const verdict = submission.stepVerdict;
  const status = <span className={`badge outcome ${refusalExpected(verdict) ? 'expected' : submission.status}`}>{submission.status}</span>;
  if (!verdict) return status;
  return (
    <span className="status-with-verdict">
      {status}{' '}
      <span className={`badge verdict ${verdict.passed ? 'passed' : 'failed'}`} title={verdict.reason ?? undefined}>
        {stepVerdictText(verdict)}
      </span>
    </span>
  );
}
