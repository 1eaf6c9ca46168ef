import { plural } from '../../../base/common/plural.ts';
import { checkEvents, type CheckablePlan, type PlanCheck } from '../../plans/common/check.ts';
import { diagnosticMessage } from '../../plans/common/plan-diagnostics.ts';
import type { SandboxPlanCheck, SandboxViolation } from '../common/sandbox.ts';
import { LISTED_PROBLEM_LIMIT, type EventProblem } from './event-rules.ts';
import { failure, type Reply } from './route.ts';

/**
 * A request's events against the tracking plan in use: what the traffic records of them, and
 * strict mode's 422 when a violation is an error. The 422 lists the plan's violations in the
 * shape it lists the sandbox's own problems (index, field, message), each with its kind,
 * severity, pointer, expectation and value besides, so a client reading either finds both.
 */

/** The plan a request is checked against, as the events route sees it. */
export interface PlanInUse {
  current(): CheckablePlan | null;
  label(): string | null;
}

/**
 * Every event's violations are listed (up to 20 an event), so the capture keeps each event's own;
 * the traffic keeps at most as many of a request's as a 422 lists, as it holds thousands of requests.
 */
const CHECK_LIMITS = { perEvent: 20, perBatch: Number.POSITIVE_INFINITY };

export interface EventsPlanCheck {
  /** What the traffic keeps: the first LISTED_PROBLEM_LIMIT violations, the rest counted. */
  recorded: SandboxPlanCheck;
  /** Every event's violations. */
  check: PlanCheck;
}

export function checkAgainstPlan(events: readonly unknown[], plan: PlanInUse): EventsPlanCheck | null {
  const compiled = plan.current();
  const label = plan.label();
  if (compiled === null || label === null) return null;
  const check = checkEvents(events, compiled, CHECK_LIMITS);
  const violations = check.violations.slice(0, LISTED_PROBLEM_LIMIT);
  return { check, recorded: { plan: label, violations, unlisted: check.unreported + check.violations.length - violations.length } };
}

/** The violations that refuse the request: errors, listed or only counted. */
export function planErrors({ check }: EventsPlanCheck): number {
  return check.violations.filter((violation) => violation.severity === 'error').length + check.unreportedErrors;
}

/** The field a pointer names below its event, as the sandbox's own problems name it: `/3/attributes/currency` is `attributes.currency`. */
function fieldOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(2)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

type ListedProblem = EventProblem & Partial<Omit<SandboxViolation, 'index' | 'message'>>;

function listed(violation: SandboxViolation): ListedProblem {
  return { ...violation, field: fieldOf(violation.pointer), message: diagnosticMessage(violation) };
}

/**
 * The 422 for a strict request with problems of its own, errors of the plan, or both: every
 * problem listed with its event, in event order, the sandbox's own first within an event.
 */
export function refusal(own: { listed: EventProblem[]; total: number }, plan: EventsPlanCheck | null): Reply {
  const violations = plan?.recorded.violations ?? [];
  const unlisted = plan?.recorded.unlisted ?? 0;
  const problems: ListedProblem[] = [...own.listed, ...violations.map(listed)].sort((a, b) => a.index - b.index).slice(0, LISTED_PROBLEM_LIMIT);
  const total = own.total + violations.length + unlisted;
  const shown = total > problems.length ? `; the first ${problems.length} are listed` : '';
  if (own.total > 0 || plan === null) return failure(422, 'invalid-events', `${plural(total, 'problem')} in the events${shown}.`, { errors: problems });
  const errors = planErrors(plan);
  const warnings = violations.length + unlisted - errors;
  const counted = `${plural(errors, 'error')}${warnings > 0 ? ` and ${plural(warnings, 'warning')}` : ''}`;
  return failure(422, 'plan-violations', `The events break the tracking plan ${plan.recorded.plan}: ${counted}${shown}.`, { errors: problems });
}
