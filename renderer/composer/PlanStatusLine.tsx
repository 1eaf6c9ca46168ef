import type { KindCount, PlanCoverage } from '../../features/plans/common/coverage.ts';
import { planFailure, type PlanStatus } from '../../features/plans/common/plan-status.ts';
import { plural } from '../../base/common/plural.ts';

/** A plan's own problems shown before "and N more": the first ones say what to fix. */
const SHOWN_PROBLEMS = 5;

/** Kinds with their counts, as a line people read: "purchase 3, signup 1". */
function counted(kinds: readonly KindCount[]): string {
  return kinds.map((kind) => `${kind.key} ${kind.count.toLocaleString('en')}`).join(', ');
}

/** Which planned kinds the batch has, folded to one line until opened. */
function Coverage({ coverage }: { coverage: PlanCoverage }) {
  const planned = coverage.seen.length + coverage.neverSeen.length;
  const unplanned = coverage.unplanned.reduce((sum, kind) => sum + kind.count, coverage.unplannedUnlisted);
  return (
    <details className="plan-coverage" data-testid="plan-coverage">
      <summary>
        Covers {coverage.seen.length} of {plural(planned, 'planned kind')}
        {unplanned > 0 && `; ${plural(unplanned, 'event')} of unplanned kinds`}
      </summary>
      <ul>
        {coverage.seen.length > 0 && <li>Seen: {counted(coverage.seen)}</li>}
        {coverage.neverSeen.length > 0 && <li>Never seen: {coverage.neverSeen.join(', ')}</li>}
        {coverage.unplanned.length > 0 && (
          <li>
            Unplanned: {counted(coverage.unplanned)}
            {coverage.unplannedUnlisted > 0 && `, and ${plural(coverage.unplannedUnlisted, 'event')} of further kinds`}
          </li>
        )}
        {coverage.unkeyed > 0 && <li>{`${plural(coverage.unkeyed, 'event')} with no text in "${coverage.key}"`}</li>}
      </ul>
    </details>
  );
}

/**
 * Which tracking plan the batch is checked against, above the Problems: the plan's own
 * problems (a kind that does not compile, a pattern refused), or why it is not applied at all
 * (the file is gone, not JSON, no plan), each naming the plan file.
 */
export function PlanStatusLine({ plan, workerProblem, coverage }: { plan: PlanStatus | null; workerProblem: string | null; coverage: PlanCoverage | null }) {
  if (!plan) return null;
  const failure = planFailure(plan, workerProblem);
  if (failure !== null) {
    return (
      <div className="plan-status error" role="status" data-testid="plan-status">
        Tracking plan {plan.name} is not applied: {failure}
      </div>
    );
  }
  const { plan: read } = plan;
  return (
    <div className={plan.problems.length ? 'plan-status warning' : 'plan-status'} role="status" data-testid="plan-status">
      <span>
        Checked against the tracking plan {read ? `“${read.name}”${read.version ? ` v${read.version}` : ''} (${plural(read.kinds, 'kind')})` : ''} from{' '}
        {plan.name}
        {plan.problems.length > 0 && `, which has ${plural(plan.problems.length, 'problem')} of its own (an error leaves its part unchecked):`}
      </span>
      {plan.problems.length > 0 && (
        <ul>
          {plan.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
            <li key={index}>
              {problem.severity}: {problem.text}
            </li>
          ))}
          {plan.problems.length > SHOWN_PROBLEMS && (
            <li>
              …and {plan.problems.length - SHOWN_PROBLEMS} more: run eventdesk plan check {plan.name}.
            </li>
          )}
        </ul>
      )}
      {coverage && <Coverage coverage={coverage} />}
    </div>
  );
}
