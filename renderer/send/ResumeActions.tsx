import { possiblyDelivered, unansweredText, type SubmissionView, type UnansweredChoice } from '../../features/history/common/submission.ts';
import { useApi } from '../base/queries.ts';
import { useNotices } from '../base/state/ui.ts';

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Resume, or, when chunks went out without an answer (a kill or a cancel while a request was
 * out), the question a resume must ask first: the server may already hold their events, so
 * send them again, or skip them.
 */
export function ResumeActions({
  submission,
  label,
  onResume,
  className = '',
}: {
  submission: SubmissionView;
  label: string;
  onResume?: () => void;
  className?: string;
}) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const uncertain = possiblyDelivered(submission.chunks);
  const resume = (unanswered?: UnansweredChoice) => {
    onResume?.();
    api.send
      .resume({ submissionId: submission.id, unanswered })
      .catch((error: unknown) => notify('error', error instanceof Error ? error.message : String(error)));
  };
  if (uncertain.length === 0) {
    return (
      <button type="button" className={className} onClick={() => resume()}>
        {label}
      </button>
    );
  }
  // As the text above says it: "them" for the events, unless there is only one.
  const them = uncertain.length === 1 && uncertain[0]!.eventCount === 1 ? 'it' : 'them';
  return (
    <div className="resume-choice" role="group" aria-label="Resume">
      <p className="inline-warning">{sentence(unansweredText(uncertain))}.</p>
      <button type="button" className={className} onClick={() => resume('resend')}>
        Send {them} again and resume
      </button>{' '}
      <button type="button" className={className} onClick={() => resume('skip')}>
        Skip {them} and resume
      </button>
    </div>
  );
}
