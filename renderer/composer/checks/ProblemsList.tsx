import type { ReactNode } from 'react';
import { eventPlace } from '../../../base/common/event-place.ts';
import { problemCounts, type ProblemCounts } from '../../../features/plans/common/plan-diagnostics.ts';
import { plural } from '../../../base/common/plural.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { revealInEditor } from './editor-handle.ts';

/** Enough rows to work through; a batch with more problems than this has one cause to fix first. */
const SHOWN_LIMIT = 500;

/** When nothing is wrong, what the batch was checked against: a plan that is not applied was not. */
function noProblems(plan: 'none' | 'applied' | 'not-applied'): string {
  if (plan === 'applied') return 'No problems: the batch matches every rule and the tracking plan.';
  if (plan === 'not-applied') return 'No problems with the service’s rules; the tracking plan was not checked.';
  return 'No problems: the batch matches every rule.';
}

/** Where the problems past the rows shown are: marked in the editor, or (past the plan's caps) only counted. */
function rest(shown: number, counts: ProblemCounts): string {
  const listed = counts.errors + counts.warnings - counts.unlisted;
  const unlisted =
    counts.unlisted > 0
      ? `; the other ${plural(counts.unlisted, 'plan violation')} ${counts.unlisted === 1 ? 'is' : 'are'} counted but not listed: fix those listed and check again`
      : '';
  return `Showing the first ${shown.toLocaleString('en')} of ${plural(counts.errors + counts.warnings, 'problem')}. The editor marks ${listed.toLocaleString('en')} (F8 there goes to the next)${unlisted}.`;
}

/**
 * `children` say what else the batch is checked against (the tracking plan), under the heading.
 * `counts` are exact (validation's, with the plan's violations past its caps); without them the diagnostics are counted.
 * With nothing to list, the pane is its heading's one line, which says so: the room is the editor's.
 */
export function ProblemsList({
  diagnostics,
  counts = problemCounts(diagnostics),
  pending,
  plan = 'none',
  children,
}: {
  diagnostics: Diagnostic[];
  counts?: ProblemCounts;
  pending: boolean;
  plan?: 'none' | 'applied' | 'not-applied';
  children?: ReactNode;
}) {
  const { errors, warnings } = counts;
  return (
    <section className={diagnostics.length === 0 ? 'problems clean' : 'problems'} aria-labelledby="problems-heading">
      <div className="problems-header">
        <h2 id="problems-heading">Problems</h2>
        <span className={errors ? 'count error' : 'count'} data-testid="problem-counts">
          {plural(errors, 'error')}, {plural(warnings, 'warning')}
        </span>
        {pending ? (
          <span className="muted">checking…</span>
        ) : (
          diagnostics.length === 0 && (
            <span className="muted clean-note" title={noProblems(plan)}>
              {noProblems(plan)}
            </span>
          )
        )}
      </div>
      {children}
      {diagnostics.length > 0 && (
        <ul className="problem-list">
          {diagnostics.slice(0, SHOWN_LIMIT).map((diagnostic, index) => (
            <li key={`${diagnostic.path}-${diagnostic.code}-${index}`}>
              <button type="button" onClick={() => revealInEditor(diagnostic.line, diagnostic.column)}>
                <span className={`severity ${diagnostic.severity}`}>{diagnostic.severity}</span>
                <span className="message">{diagnostic.message}</span>
                <span className="where">
                  {eventPlace(diagnostic.path)} · Ln {diagnostic.line}, Col {diagnostic.column}
                </span>
              </button>
            </li>
          ))}
          {diagnostics.length > SHOWN_LIMIT && <li className="hint">{rest(SHOWN_LIMIT, counts)}</li>}
        </ul>
      )}
    </section>
  );
}
