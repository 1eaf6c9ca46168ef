import { parseTree, type Node } from 'jsonc-parser';
import { eventPlace } from '../../../base/common/event-place.ts';
import { UNSENDABLE_CODES, validateBatch, type Diagnostic, type ValidationResult, type ValidationRules } from '../../validation/common/validation.ts';
import { layOutBatch } from '../../validation/common/batch-layout.ts';
import { BYTE_ORDER_MARK } from '../../validation/common/findings.ts';
import { positionsOf, type Position } from '../../validation/common/positions.ts';
import { plural } from '../../../base/common/plural.ts';
import { checkEvents, DEFAULT_PLAN_CHECK_LIMITS, type CheckablePlan, type PlanCheck, type PlanCheckLimits } from './check.ts';
import type { PlanViolation } from './plan.ts';

/**
 * A plan's violations as the app's diagnostics, placed in the batch's text like every other:
 * the batch's layout finds each event with a violation (only the events up to the last of
 * them are laid out), and jsonc-parser reads that one event to find the value, or for a
 * missing attribute the object it is missing from. The code is the violation's kind.
 */

export interface PlanValidationResult extends ValidationResult {
  /** Plan violations past the caps, counted but not listed; of them, errors. */
  unreported: number;
  unreportedErrors: number;
}

/** The node at `segments` below `root`, or the deepest one on the way there and how far it got. */
function deepestNode(root: Node, segments: readonly string[]): { node: Node; reached: number } {
  let node = root;
  for (let reached = 0; reached < segments.length; reached++) {
    const segment = segments[reached]!;
    let child: Node | undefined;
    if (node.type === 'object') {
      // JSON.parse keeps the last of a key written twice: so does this.
      child = node.children?.findLast((property) => property.children?.[0]?.value === segment)?.children?.[1];
    } else if (node.type === 'array' && /^\d+$/.test(segment)) {
      child = node.children?.[Number(segment)];
    }
    if (!child) return { node, reached };
    node = child;
  }
  return { node, reached: segments.length };
}

/** The key written before a property's value node, when the node is one. */
function keyOf(node: Node): Node | undefined {
  return node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
}

/** Where in the event's text (offsets from `eventStart`) a violation is marked. */
function spanIn(root: Node | undefined, violation: PlanViolation): { start: number; end: number } {
  const segments = violation.pointer
    .split('/')
    .slice(2)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  // An event-level violation (an unplanned event without a key) marks where the event starts, as the batch's own checks do.
  if (!root || segments.length === 0) return { start: 0, end: 1 };
  const { node, reached } = deepestNode(root, segments);
  const key = keyOf(node);
  // The key of an unplanned attribute; of a missing one, the key of the object it is missing from.
  if ((reached < segments.length || violation.kind === 'attribute-unknown') && key) return { start: key.offset, end: key.offset + key.length };
  if (reached < segments.length) return { start: node.offset, end: node.offset + 1 };
  return { start: node.offset, end: node.offset + node.length };
}

/** The message a diagnostic shows: the violation's, without the event's place, which a diagnostic has in its path. */
export function diagnosticMessage(violation: Pick<PlanViolation, 'pointer' | 'message'>): string {
  const place = `${eventPlace(violation.pointer)}: `;
  return violation.message.startsWith(place) ? violation.message.slice(place.length) : violation.message;
}

/** Where in an event's text (offsets in `eventText`) each of its violations is marked. */
export function violationSpans(eventText: string, violations: readonly PlanViolation[]): { start: number; end: number }[] {
  const root = parseTree(eventText);
  return violations.map((violation) => spanIn(root, violation));
}

/** A violation as a diagnostic, from `from` to `to`. */
export function violationDiagnostic(violation: PlanViolation, from: Position, to: Position): Diagnostic {
  return {
    severity: violation.severity,
    code: violation.kind,
    message: diagnosticMessage(violation),
    path: violation.pointer,
    line: from.line,
    column: from.column,
    endLine: to.line,
    endColumn: to.column,
  };
}

/** The diagnostics of `violations` of the batch `events`, parsed from `text` (no byte order mark). */
export function planDiagnostics(text: string, events: readonly unknown[], violations: readonly PlanViolation[]): Diagnostic[] {
  if (violations.length === 0) return [];
  const last = violations.reduce((highest, violation) => Math.max(highest, violation.index), 0);
  const layout = layOutBatch(text, events, last + 1, false);
  const trees = new Map<number, Node | undefined>();
  const spans = violations.map((violation) => {
    const start = layout.starts[violation.index]!;
    if (!trees.has(violation.index)) trees.set(violation.index, parseTree(text.slice(start, layout.ends[violation.index]!)));
    const span = spanIn(trees.get(violation.index), violation);
    return { start: start + span.start, end: start + span.end };
  });
  const positions = positionsOf(
    text,
    spans.flatMap((span) => [span.start, span.end]),
  );
  return violations.map((violation, index) => violationDiagnostic(violation, positions.get(spans[index]!.start)!, positions.get(spans[index]!.end)!));
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column;
}

/** Two lists each in text order, as one in text order; of two at one place, the first list's first. */
function mergeInTextOrder(first: readonly Diagnostic[], second: readonly Diagnostic[]): Diagnostic[] {
  const merged: Diagnostic[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    if (j >= second.length || (i < first.length && byPosition(first[i]!, second[j]!) <= 0)) merged.push(first[i++]!);
    else merged.push(second[j++]!);
  }
  return merged;
}

/** The code of the diagnostic that counts the violations past the caps. */
export const UNLISTED_CODE = 'plan-violations-unlisted';

/**
 * One diagnostic for the violations past the caps, after the last one listed: an error when
 * any of them is, so a batch with unlisted errors still fails.
 */
function unlistedDiagnostic(check: PlanCheck, last: Diagnostic | undefined): Diagnostic {
  const at = last ? { line: last.endLine, column: last.endColumn } : { line: 1, column: 1 };
  const message = `${plural(check.unreported, 'more plan violation')} ${check.unreported === 1 ? 'is' : 'are'} not listed (${plural(check.unreportedErrors, 'error')}): fix those listed and check again.`;
  return { severity: check.unreportedErrors > 0 ? 'error' : 'warning', code: UNLISTED_CODE, message, path: '', ...at, endLine: at.line, endColumn: at.column };
}

/**
 * A batch's own diagnostics with its plan violations' (`placed`, in any order), in text order,
 * and after the last of them the count of the violations past the caps.
 */
export function withPlanDiagnostics(diagnostics: readonly Diagnostic[], placed: Diagnostic[], check: PlanCheck): Diagnostic[] {
  placed.sort(byPosition);
  if (check.unreported > 0) placed.push(unlistedDiagnostic(check, placed.at(-1)));
  return mergeInTextOrder(diagnostics, placed);
}

/** Plan violations past the caps, counted but not listed: all of them, and the errors among them. */
export interface Unlisted {
  readonly unreported: number;
  readonly unreportedErrors: number;
}

export const NONE_UNLISTED: Unlisted = { unreported: 0, unreportedErrors: 0 };

/** A batch's problems counted exactly: the diagnostics listed (not the one that counts the rest), and the rest. */
export interface ProblemCounts {
  readonly errors: number;
  readonly warnings: number;
  /** Of them, plan violations past the caps, not listed. */
  readonly unlisted: number;
}

/** Counts the diagnostics as the problems they stand for: the one past the caps counts its violations, not itself. */
export function problemCounts(diagnostics: readonly Diagnostic[], unlisted: Unlisted = NONE_UNLISTED): ProblemCounts {
  let errors = 0;
  let listed = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.code === UNLISTED_CODE) continue;
    listed++;
    if (diagnostic.severity === 'error') errors++;
  }
  return {
    errors: errors + unlisted.unreportedErrors,
    warnings: listed - errors + unlisted.unreported - unlisted.unreportedErrors,
    unlisted: unlisted.unreported,
  };
}

/** Whether the plan has anything to add to these diagnostics: not when the text is no batch (not JSON, not an array, too deep). */
export function planApplies(diagnostics: readonly Diagnostic[]): boolean {
  return !diagnostics.some((diagnostic) => UNSENDABLE_CODES.has(diagnostic.code));
}

/**
 * validateBatch, and the plan's violations with the other diagnostics in text order. A text
 * that is no batch (not JSON, not an array, too deep) has only validateBatch's diagnostic.
 */
export function validateBatchWithPlan(
  text: string,
  rules: ValidationRules,
  plan: CheckablePlan,
  limits: PlanCheckLimits = DEFAULT_PLAN_CHECK_LIMITS,
): PlanValidationResult {
  const result = validateBatch(text, rules);
  if (!result.events || !planApplies(result.diagnostics)) return { ...result, unreported: 0, unreportedErrors: 0 };
  const check = checkEvents(result.events, plan, limits);
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const diagnostics = withPlanDiagnostics(result.diagnostics, planDiagnostics(body, result.events, check.violations), check);
  return { ...result, diagnostics, unreported: check.unreported, unreportedErrors: check.unreportedErrors };
}
