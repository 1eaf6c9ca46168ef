import type { Diagnostic } from '../validation.ts';
import type { BatchView } from '../validation/incremental.ts';
import { addEventCheck, DEFAULT_PLAN_CHECK_LIMITS, eventPlanCheck, type CheckablePlan, type EventPlanCheck, type PlanCheck, type PlanCheckLimits } from './check.ts';
import { planApplies, violationDiagnostic, violationSpans, withPlanDiagnostics } from './plan-diagnostics.ts';

/**
 * A plan's checks kept per event beside the incremental validator (shared/validation/incremental.ts),
 * so that after an edit only the events it changed are checked against the plan: an event the
 * validator parsed again is a new value, one it left alone is the same, so a glance at each
 * tells which. The violations kept are placed again only when their event moved. Each answer
 * is validateBatchWithPlan's for the text as edited.
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

export interface PlanAnswer {
  diagnostics: Diagnostic[];
  /** How many events were checked against the plan for this answer: those changed since the last. */
  checked: number;
}

/**
 * Returns the function that adds `plan`'s violations to the validator's `diagnostics` of the
 * batch `view`. A new plan (another object) checks every event again.
 */
export function createIncrementalPlanCheck(limits: PlanCheckLimits = DEFAULT_PLAN_CHECK_LIMITS) {
  let plan: CheckablePlan | null = null;
  let checkEvent: (event: unknown, index: number) => EventPlanCheck = () => ({ listed: [], unlisted: 0, unlistedErrors: 0 });
  /** Each event as it was when checked. */
  let checked: unknown[] = [];
  let reports: (EventReport | undefined)[] = [];

  function place(report: EventReport, view: BatchView, index: number): void {
    const start = view.positionIn(index, 0);
    if (start.line === report.line && start.column === report.column) return;
    report.diagnostics = report.check.listed.map((violation, at) => violationDiagnostic(violation, view.positionIn(index, report.spans[at]!.start), view.positionIn(index, report.spans[at]!.end)));
    report.line = start.line;
    report.column = start.column;
  }

  return function withPlan(diagnostics: Diagnostic[], view: BatchView | null, current: CheckablePlan | null): PlanAnswer {
    if (!current || !view || !planApplies(diagnostics)) return { diagnostics, checked: 0 };
    if (current !== plan) {
      plan = current;
      checkEvent = eventPlanCheck(current, limits.perEvent);
      checked = [];
      reports = [];
    }
    const { events } = view;
    checked.length = Math.min(checked.length, events.length);
    reports.length = Math.min(reports.length, events.length);
    let count = 0;
    for (let index = 0; index < events.length; index++) {
      const event = events[index];
      if (index < checked.length && checked[index] === event) continue;
      checked[index] = event;
      count++;
      const check = checkEvent(event, index);
      reports[index] = check.listed.length === 0 && check.unlisted === 0 ? undefined : { check, spans: violationSpans(view.eventText(index), check.listed), line: -1, column: -1, diagnostics: [] };
    }

    const batch: PlanCheck = { violations: [], unreported: 0, unreportedErrors: 0 };
    const placed: Diagnostic[] = [];
    reports.forEach((report, index) => {
      if (!report) return;
      const room = limits.perBatch - batch.violations.length;
      addEventCheck(batch, report.check, limits.perBatch);
      if (room <= 0) return;
      place(report, view, index);
      for (const diagnostic of report.diagnostics.slice(0, room)) placed.push(diagnostic);
    });
    return { diagnostics: withPlanDiagnostics(diagnostics, placed, batch), checked: count };
  };
}
