import { eventPlace } from '../../base/common/event-place.ts';
import type { ProblemCounts } from '../../features/plans/common/plan-diagnostics.ts';
import { plural } from '../../base/common/plural.ts';
import type { Diagnostic } from '../../features/validation/common/validation.ts';
import type { Question } from '../base/widgets/questions.ts';

/** Enough to see what kind of trouble it is; the Problems list has the rest. */
const SHOWN = 5;

export type SendWarningAnswer = 'show' | 'send';

function SendWarning({ diagnostics, counts, planned }: { diagnostics: readonly Diagnostic[]; counts: ProblemCounts; planned: number }) {
  // Errors are why it asks: they come first.
  const first = [...diagnostics].sort((a, b) => Number(b.severity === 'error') - Number(a.severity === 'error')).slice(0, SHOWN);
  return (
    <>
      <p data-testid="send-warning-counts">
        The batch has {plural(counts.errors, 'error')}
        {planned === 0 ? '' : ` (${planned.toLocaleString('en')} against the tracking plan)`} and {plural(counts.warnings, 'warning')}.
      </p>
      <ul className="question-problems" aria-label="First problems">
        {first.map((diagnostic, index) => (
          <li key={`${diagnostic.path}-${diagnostic.code}-${index}`}>
            <span className={`severity ${diagnostic.severity}`}>{diagnostic.severity}</span> <span className="where">{eventPlace(diagnostic.path)}</span>:{' '}
            {diagnostic.message}
          </li>
        ))}
      </ul>
      {counts.errors + counts.warnings > first.length && (
        <p className="muted">…and {(counts.errors + counts.warnings - first.length).toLocaleString('en')} more in the Problems list.</p>
      )}
    </>
  );
}

/**
 * The question a send with errors asks: how many errors and warnings, the first few with their
 * event and path, and Send anyway, starting on Cancel. `problemsShown` offers "Show in Problems",
 * where a Problems list is there to go to.
 */
export function sendWarning(diagnostics: readonly Diagnostic[], counts: ProblemCounts, planned: number, problemsShown: boolean): Question<SendWarningAnswer> {
  return {
    title: 'Send a batch with errors?',
    message: <SendWarning diagnostics={diagnostics} counts={counts} planned={planned} />,
    choices: [...(problemsShown ? [{ answer: 'show' as const, label: 'Show in Problems' }] : []), { answer: 'send', label: 'Send anyway' }],
    focus: 'cancel',
  };
}
