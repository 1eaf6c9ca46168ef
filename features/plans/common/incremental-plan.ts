import type { Diagnostic } from '../../validation/common/validation.ts';
import type { BatchView } from '../../validation/common/incremental.ts';
import {
  addEventCheck,
  DEFAULT_PLAN_CHECK_LIMITS,
  eventPlanCheck,
  type CheckablePlan,
  type EventPlanCheck,
  type PlanCheck,
  type PlanCheckLimits,
} from './check.ts';
import { NONE_UNLISTED, planApplies, violationDiagnostic, violationSpans, withPlanDiagnostics, type Unlisted } from './plan-diagnostics.ts';

/**
 * A plan's checks kept per event beside the incremental validator (features/validation/common/incremental.ts),
 * so that after an edit only the events it parsed again (its takeChanged) are checked against
 * the plan. The violations kept are placed again only when their event moved. Each answer is
 * validateBatchWithPlan's for the text as edited.
 */

interface EventReport {
  check: EventPlanCheck;
  /** Each listed violation's span, in the event's text. */
  spans: { start: number; end: number }[];
  /** Where the event started (line and column) when `diagnostics` were placed. */
  line: number;
  column: number;
  diagnostics: Diagnostic[];
}

export interface PlanAnswer extends Unlisted {
  diagnostics: Diagnostic[];
  /** How many events were checked against the plan for this answer: those changed since the last. */
  checked: number;
}

/**
 * Returns the function that adds `plan`'s violations to the validator's `diagnostics` of the
 * batch `view`, given the events `changed` since the last call (null: all). A new plan
 * (another object) checks every event again.
 */
export function createIncrementalPlanCheck(limits: PlanCheckLimits = DEFAULT_PLAN_CHECK_LIMITS) {
  let plan: CheckablePlan | null = null;
  let checkEvent: (event: unknown, index: number) => EventPlanCheck = () => ({ listed: [], unlisted: 0, unlistedErrors: 0 });
  /** Events changed since they were last checked; null: all of them. */
  let unchecked: Set<number> | null = null;
  /** The events with violations, by index; and their indices in order, made again when one comes or goes. */
  const reports = new Map<number, EventReport>();
  let order: number[] = [];

  function place(report: EventReport, view: BatchView, index: number): void {
    const start = view.positionIn(index, 0);
    if (start.line === report.line && start.column === report.column) return;
    report.diagnostics = report.check.listed.map((violation, at) =>
      violationDiagnostic(violation, view.positionIn(index, report.spans[at]!.start), view.positionIn(index, report.spans[at]!.end)),
    );
    report.line = start.line;
    report.column = start.column;
  }

  function check(view: BatchView, index: number): boolean {
    const had = reports.delete(index);
    const found = checkEvent(view.events[index], index);
    if (found.listed.length > 0 || found.unlisted > 0)
      reports.set(index, { check: found, spans: violationSpans(view.eventText(index), found.listed), line: -1, column: -1, diagnostics: [] });
    return had !== reports.has(index);
  }

  return function withPlan(diagnostics: Diagnostic[], view: BatchView | null, current: CheckablePlan | null, changed: ReadonlySet<number> | null): PlanAnswer {
    if (changed === null) unchecked = null;
    else if (unchecked !== null) for (const index of changed) unchecked.add(index);
    if (!current || !view || !planApplies(diagnostics)) return { diagnostics, checked: 0, ...NONE_UNLISTED };
    if (current !== plan) {
      plan = current;
      checkEvent = eventPlanCheck(current, limits.perEvent);
      unchecked = null;
    }
    const { events } = view;
    let reordered = unchecked === null;
    const count = unchecked === null ? events.length : unchecked.size;
    if (unchecked === null) {
      reports.clear();
      for (let index = 0; index < events.length; index++) check(view, index);
    } else {
      for (const index of unchecked) if (index < events.length && check(view, index)) reordered = true;
    }
    unchecked = new Set();
    if (reordered) order = [...reports.keys()].sort((a, b) => a - b);

    const batch: PlanCheck = { violations: [], unreported: 0, unreportedErrors: 0 };
    const placed: Diagnostic[] = [];
    for (const index of order) {
      const report = reports.get(index)!;
      const room = limits.perBatch - batch.violations.length;
      addEventCheck(batch, report.check, limits.perBatch);
      if (room <= 0) continue;
      place(report, view, index);
      for (const diagnostic of report.diagnostics.slice(0, room)) placed.push(diagnostic);
    }
    return {
      diagnostics: withPlanDiagnostics(diagnostics, placed, batch),
      checked: count,
      unreported: batch.unreported,
      unreportedErrors: batch.unreportedErrors,
    };
  };
}
