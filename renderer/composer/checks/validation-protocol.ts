import type { CheckablePlan } from '../../../features/plans/common/check.ts';
import { createCoverageKeeper, type PlanCoverage } from '../../../features/plans/common/coverage.ts';
import { createIncrementalPlanCheck } from '../../../features/plans/common/incremental-plan.ts';
import { problemCounts, type ProblemCounts } from '../../../features/plans/common/plan-diagnostics.ts';
import type { Diagnostic, ValidationRules } from '../../../features/validation/common/validation.ts';
import { createIncrementalValidator, type ContentChange } from '../../../features/validation/common/incremental.ts';

/**
 * What the composer and its validation worker say to each other. The worker keeps the last
 * text and what it learnt of it, so after the first whole text an edit sends only its changes
 * (Monaco's content changes) and is answered in the time that edit takes to check. With a
 * tracking plan, its violations join the diagnostics, checked only on the events that changed.
 */

/** The rules as the composer holds them: the worker measures "future" and "old" from its own now, at each request. */
export type WorkerRules = Omit<ValidationRules, 'now'>;

/** A whole text, or the changes Monaco made to the last one; `plan` is the address of the plan's validators (plans:active), or null. */
export type ValidationRequest = ({ id: number; kind: 'full'; text: string } | { id: number; kind: 'edit'; changes: ContentChange[] }) & {
  rules: WorkerRules;
  plan: string | null;
};

export interface ValidationAnswer {
  id: number;
  diagnostics: Diagnostic[];
  eventCount: number | null;
  milliseconds: number;
  /** Whether the whole text was validated (a whole text sent, or an edit the worker could not validate alone). */
  full: boolean;
  /** How many events were checked against the plan: after an edit, those it changed. */
  planChecked: number;
  /** Why the plan's validators could not be loaded: the batch is checked without them. */
  planProblem: string | null;
  /** Which planned kinds the batch has and how often, and which it has that the plan does not name; null without a plan. */
  coverage: PlanCoverage | null;
  /** The problems counted exactly: the plan's violations past the caps are one diagnostic, but each counts. */
  counts: ProblemCounts;
}

/** Loads a plan's validators from their address: the worker imports the module the services wrote. */
export type PlanLoader = (address: string) => Promise<CheckablePlan>;

const noPlans: PlanLoader = () => Promise.reject(new Error('This validator loads no plan.'));

/**
 * The worker's side, apart from the worker: each request answered in turn by one incremental
 * validator and the plan's incremental check. An edit before any whole text edits an empty
 * one, as Monaco's first changes would.
 */
export function createValidationResponder(
  now: () => Date = () => new Date(),
  loadPlan: PlanLoader = noPlans,
): (request: ValidationRequest) => Promise<ValidationAnswer> {
  const validator = createIncrementalValidator();
  const withPlan = createIncrementalPlanCheck();
  const keepCoverage = createCoverageKeeper();
  let plan: { address: string; loaded: CheckablePlan | null; problem: string | null } | null = null;
  return async (request) => {
    const started = performance.now();
    if (request.plan !== (plan?.address ?? null)) {
      plan =
        request.plan === null
          ? null
          : await loadPlan(request.plan).then(
              (loaded) => ({ address: request.plan!, loaded, problem: null }),
              (error: unknown) => ({ address: request.plan!, loaded: null, problem: error instanceof Error ? error.message : String(error) }),
            );
    }
    const rules: ValidationRules = { ...request.rules, now: now() };
    const answer = request.kind === 'edit' ? validator.edit(request.changes, rules) : validator.full(request.text, rules);
    const batch = validator.batch();
    const loaded = plan?.loaded ?? null;
    const changed = validator.takeChanged();
    const planned = withPlan(answer.diagnostics, batch, loaded, changed);
    const coverage = loaded && batch ? keepCoverage(batch.events, loaded.plan, changed) : null;
    return {
      id: request.id,
      diagnostics: planned.diagnostics,
      eventCount: answer.eventCount,
      milliseconds: performance.now() - started,
      full: answer.full,
      planChecked: planned.checked,
      planProblem: plan?.problem ?? null,
      coverage,
      counts: problemCounts(planned.diagnostics, planned),
    };
  };
}
