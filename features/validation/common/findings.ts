import { eventPlace } from '../../../base/common/event-place.ts';
import type { Diagnostic } from './diagnostic.ts';
import type { RepeatedKey } from './batch-layout.ts';
import { describeValue, type EventProblem } from './event-checks.ts';
import { outlineElement, propertyOf } from './event-outline.ts';
import { positionsOf, type LineAnchor, type Position } from './positions.ts';
import { WARNING_CODES, type Severity, type ValidationRules, type WarningCode } from '../../environments/common/rules.ts';
import { readBatchJson, type SyntaxProblem } from './syntax.ts';

/**
 * Diagnostics while they are still in text offsets (findings): what stops a text from being a
 * batch, and the problems of one event placed in its text. The whole-text validator and the
 * incremental one both build an event's findings here, so an edit re-places one event exactly
 * as a full run places every event.
 */

export interface Finding {
  code: string;
  message: string;
  path: string;
  start: number;
  end: number;
  fix?: { title: string; start: number; end: number; text: string };
  /** A line known near it, to count positions from. */
  anchor?: LineAnchor;
}

const warningCodes: ReadonlySet<string> = new Set(WARNING_CODES);

export const BYTE_ORDER_MARK = '\uFEFF';

export function pointer(index: number, at: readonly string[]): string {
  return `/${index}${at.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

/** The span of the text's one value, white space around it left out. */
function valueSpan(text: string): { start: number; end: number } {
  const start = text.length - text.trimStart().length;
  return { start, end: Math.max(start, text.trimEnd().length) };
}

export function syntaxFinding(problem: SyntaxProblem): Finding {
  const finding: Finding = { code: problem.code, message: problem.message, path: '', start: problem.offset, end: problem.offset + problem.length };
  return problem.anchor ? { ...finding, anchor: problem.anchor } : finding;
}

/** The batch, or the one finding that stops it from being one. */
export function readBatch(text: string): { events: unknown[]; finding?: undefined } | { events?: unknown[]; finding: Finding } {
  const read = readBatchJson(text);
  if (read.problem) return { finding: syntaxFinding(read.problem) };
  const value = read.value;
  const span = valueSpan(text);
  if (!Array.isArray(value)) {
    const hint = typeof value === 'object' && value !== null ? ' To send one event, put it between [ and ].' : '';
    return {
      finding: {
        code: 'not-an-array',
        message: `A batch must be a JSON array of events, [ { … }, { … } ], not ${describeValue(value)}.${hint}`,
        path: '',
        ...span,
      },
    };
  }
  if (value.length === 0)
    return { events: value, finding: { code: 'empty-batch', message: 'The batch is empty: put at least one event between [ and ].', path: '', ...span } };
  return { events: value };
}

function duplicateEventProblem(original: number): EventProblem {
  return { code: 'duplicate-event', message: `This event is the same as ${eventPlace(`/${original}`)}, so it would be sent twice.`, at: [], mark: 'start' };
}

function repeatedKeyFinding({ index, field, property }: RepeatedKey): Finding {
  return {
    code: 'duplicate-key',
    message: `"${property.key}" is written more than once in this ${field === undefined ? 'event' : `event's ${field}`}; only the last value counts, the earlier ones are lost.`,
    path: pointer(index, field === undefined ? [property.key] : [field, property.key]),
    start: property.keyStart,
    end: property.keyEnd,
  };
}

/** The findings of one event's problems, placed with the event's outline. */
function placeProblems(text: string, index: number, start: number, end: number, problems: readonly EventProblem[]): Finding[] {
  const outline = outlineElement(text, start);
  return problems.map((problem) => {
    const finding: Finding = { code: problem.code, message: problem.message, path: pointer(index, problem.at), start, end: start + 1 };
    if (problem.mark === 'start') return finding;
    const [field, entry] = problem.at;
    const fieldProperty = field === undefined ? undefined : propertyOf(outline.fields, field);
    const property = entry === undefined ? fieldProperty : fieldProperty && propertyOf(fieldProperty.entries, entry);
    if (!property) return { ...finding, end };
    if (problem.mark === 'key') return { ...finding, start: property.keyStart, end: property.keyEnd };
    const fix = problem.fix?.(text.slice(property.valueStart, property.valueEnd));
    return {
      ...finding,
      start: property.valueStart,
      end: property.valueEnd,
      ...(fix ? { fix: { ...fix, start: property.valueStart, end: property.valueEnd } } : {}),
    };
  });
}

/**
 * The findings of the event at `index`, written from `start` to `end`: the keys it writes
 * twice, its problems and, when it repeats an earlier event, that one (`original`, -1 for
 * none), in text order, the earlier listed first where two start together.
 */
export function eventFindings(
  text: string,
  index: number,
  start: number,
  end: number,
  problems: readonly EventProblem[] | undefined,
  original: number,
  repeats: readonly RepeatedKey[],
): Finding[] {
  const findings = repeats.map(repeatedKeyFinding);
  const all = original < 0 ? (problems ?? []) : [...(problems ?? []), duplicateEventProblem(original)];
  if (all.length > 0) findings.push(...placeProblems(text, index, start, end, all));
  // Stable: of two findings that start together, the one listed first stays first.
  return findings.sort((a, b) => a.start - b.start);
}

export function severityOf(code: string, rules: ValidationRules): Severity | 'off' {
  return warningCodes.has(code) ? rules.severity[code as WarningCode] : 'error';
}

/** The diagnostics of `findings` that the rules do not switch off, placed by `positionOf`. */
export function diagnosticsOf(findings: readonly Finding[], rules: ValidationRules, positionOf: (offset: number) => Position): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const finding of findings) {
    const severity = severityOf(finding.code, rules);
    if (severity === 'off') continue;
    const from = positionOf(finding.start);
    const to = positionOf(finding.end);
    const diagnostic: Diagnostic = {
      severity,
      code: finding.code,
      message: finding.message,
      path: finding.path,
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column,
    };
    if (finding.fix) {
      const { title, start, end, text: replacement } = finding.fix;
      const fixFrom = positionOf(start);
      const fixTo = positionOf(end);
      diagnostic.fix = { title, edits: [{ line: fixFrom.line, column: fixFrom.column, endLine: fixTo.line, endColumn: fixTo.column, text: replacement }] };
    }
    diagnostics.push(diagnostic);
  }
  return diagnostics;
}

/** The diagnostics of `findings`, placed in one pass over `text` up to the last of them, from a line one of them knows. */
export function diagnosticsIn(text: string, findings: readonly Finding[], rules: ValidationRules): Diagnostic[] {
  const offsets = findings.flatMap((finding) => [finding.start, finding.end, ...(finding.fix ? [finding.fix.start, finding.fix.end] : [])]);
  const positions = positionsOf(text, offsets, findings.find((finding) => finding.anchor)?.anchor);
  return diagnosticsOf(findings, rules, (offset) => positions.get(offset)!);
}
