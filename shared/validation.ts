import { formatDateTime } from './datetime.ts';
import { resolveTimeZone } from './environment.ts';
import { MAX_JSON_DEPTH } from './json-nesting.ts';
import { layOutBatch, type BatchLayout } from './validation/batch-layout.ts';
import { findDuplicateEvents } from './validation/duplicate-events.ts';
import { checkEvent, describeValue, type CheckContext, type EventProblem, type EventTally } from './validation/event-checks.ts';
import { outlineElement, propertyOf, type ElementOutline } from './validation/event-outline.ts';
import { everyKeyWrittenOnce, separators } from './validation/keys-written-once.ts';
import { positionsOf } from './validation/positions.ts';
import { WARNING_CODES, type Severity, type ValidationRules, type WarningCode } from './validation/rules.ts';
import { findSyntaxProblem, readBatchJson, type SyntaxProblem } from './validation/syntax.ts';
import { wallClockOrder } from './validation/text-shapes.ts';

/**
 * Validation of a batch text (docs/service-api.md §2.3) as the editor, the form and the command line
 * show it: every diagnostic with its JSON pointer, its place in the text and, where one is
 * obvious, a quick fix. Positions are 1-based, columns in UTF-16 code units, counted after a
 * byte order mark as editors show the text; a CRLF ends one line.
 */

export { DEFAULT_RULES, rulesFor, WARNING_CODES, type RuleSeverity, type Severity, type ValidationRules, type WarningCode } from './validation/rules.ts';

/**
 * The codes of a text that is no batch at all (not JSON, nested deeper than any service takes,
 * not an array, empty): there is nothing to send, anyway or not.
 */
export const UNSENDABLE_CODES: ReadonlySet<string> = new Set(['not-json', 'json-too-deep', 'not-an-array', 'empty-batch']);

export interface TextEdit {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
}

export interface QuickFix {
  title: string;
  edits: TextEdit[];
}

export interface Diagnostic {
  severity: Severity;
  code: string;
  message: string;
  /** A JSON pointer, like /3/svc_id; empty for the whole text. */
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  fix?: QuickFix;
}

export interface ValidationResult {
  /** The parsed batch, whenever the text is a JSON array. */
  events?: unknown[];
  diagnostics: Diagnostic[];
}

/** A diagnostic while it is still in text offsets. */
interface Finding {
  code: string;
  message: string;
  path: string;
  start: number;
  end: number;
  fix?: { title: string; start: number; end: number; text: string };
}

const BYTE_ORDER_MARK = 0xfeff;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const warningCodes: ReadonlySet<string> = new Set(WARNING_CODES);

function pointer(index: number, at: readonly string[]): string {
  return `/${index}${at.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

/** The span of the text's one value, white space around it left out. */
function valueSpan(text: string): { start: number; end: number } {
  const start = text.length - text.trimStart().length;
  return { start, end: Math.max(start, text.trimEnd().length) };
}

function syntaxFinding(problem: SyntaxProblem): Finding {
  return { code: problem.code, message: problem.message, path: '', start: problem.offset, end: problem.offset + problem.length };
}

/** The batch, or the one finding that stops it from being one. */
function readBatch(text: string): { events: unknown[]; finding?: undefined } | { events?: unknown[]; finding: Finding } {
  const read = readBatchJson(text);
  if (read.problem) return { finding: syntaxFinding(read.problem) };
  const value = read.value;
  const span = valueSpan(text);
  if (!Array.isArray(value)) {
    const hint = typeof value === 'object' && value !== null ? ' To send one event, put it between [ and ].' : '';
    return { finding: { code: 'not-an-array', message: `A batch must be a JSON array of events, [ { … }, { … } ], not ${describeValue(value)}.${hint}`, path: '', ...span } };
  }
  if (value.length === 0) return { events: value, finding: { code: 'empty-batch', message: 'The batch is empty: put at least one event between [ and ].', path: '', ...span } };
  return { events: value };
}

function checkContext(rules: ValidationRules): CheckContext {
  const timeZone = resolveTimeZone(rules.timeZone);
  const now = rules.now.getTime();
  // Wall clocks in one zone sort as their texts do, so each event is checked by comparing texts,
  // or the numbers plainWallClock reads from them, not by converting it. (Only in the hour a
  // zone's clocks go back can this be an hour off.)
  const latest = formatDateTime(new Date(now + rules.futureToleranceMinutes * MS_PER_MINUTE), timeZone);
  const earliest = formatDateTime(new Date(now - rules.maxAgeDays * MS_PER_DAY), timeZone);
  return {
    serviceIdField: rules.serviceIdField,
    timeZone,
    now: formatDateTime(rules.now, timeZone),
    latest,
    earliest,
    latestClock: wallClockOrder(latest),
    earliestClock: wallClockOrder(earliest),
    maxAgeDays: rules.maxAgeDays,
    severity: rules.severity,
  };
}

/** The findings of one event's problems, placed with the event's outline. */
function placeProblems(text: string, index: number, problems: readonly EventProblem[], layout: BatchLayout, outline: ElementOutline): Finding[] {
  const start = layout.starts[index]!;
  return problems.map((problem) => {
    const finding: Finding = { code: problem.code, message: problem.message, path: pointer(index, problem.at), start, end: start + 1 };
    if (problem.mark === 'start') return finding;
    const [field, entry] = problem.at;
    const fieldProperty = field === undefined ? undefined : propertyOf(outline.fields, field);
    const property = entry === undefined ? fieldProperty : fieldProperty && propertyOf(fieldProperty.entries, entry);
    if (!property) return { ...finding, end: layout.ends[index]! };
    if (problem.mark === 'key') return { ...finding, start: property.keyStart, end: property.keyEnd };
    const fix = problem.fix?.(text.slice(property.valueStart, property.valueEnd));
    return { ...finding, start: property.valueStart, end: property.valueEnd, ...(fix ? { fix: { ...fix, start: property.valueStart, end: property.valueEnd } } : {}) };
  });
}

function eventFindings(text: string, events: readonly unknown[], rules: ValidationRules): Finding[] {
  const severity = rules.severity;
  const context = checkContext(rules);
  const problemsByEvent = new Map<number, EventProblem[]>();
  const tally: EventTally = { separators: 0, fingerprint: 0, depth: 0 };
  const fingerprints = new Int32Array(events.length);
  let batchSeparators = separators(events.length);
  let deepestEvent = 0;
  for (let index = 0; index < events.length; index++) {
    const problems = checkEvent(events[index], context, tally);
    batchSeparators += tally.separators;
    fingerprints[index] = tally.fingerprint;
    if (tally.depth > deepestEvent) deepestEvent = tally.depth;
    if (problems) problemsByEvent.set(index, problems);
  }
  // The batch's array is a level above its events. The text nests at least as deep as the
  // batch read from it, so its scan finds the bracket; it is the one problem then, as when
  // JSON.parse is not even tried (see readBatchJson).
  if (1 + deepestEvent > MAX_JSON_DEPTH) return [syntaxFinding(findSyntaxProblem(text)!)];
  if (severity['duplicate-event'] !== 'off') {
    for (const { index, original } of findDuplicateEvents(events, fingerprints)) {
      const problem: EventProblem = { code: 'duplicate-event', message: `This event is the same as event [${original}], so it would be sent twice.`, at: [], mark: 'start' };
      problemsByEvent.set(index, [...(problemsByEvent.get(index) ?? []), problem]);
    }
  }
  let lastWithProblems = -1;
  for (const index of problemsByEvent.keys()) lastWithProblems = Math.max(lastWithProblems, index);
  // Placing a diagnostic needs only the events up to it laid out; finding repeated keys needs all.
  const mayRepeatKeys = severity['duplicate-key'] !== 'off' && !everyKeyWrittenOnce(text, events, batchSeparators);
  const layout = layOutBatch(text, events, mayRepeatKeys ? events.length : lastWithProblems + 1, mayRepeatKeys);
  const findings: Finding[] = layout.repeatedKeys.map(({ index, field, property }) => ({
    code: 'duplicate-key',
    message: `"${property.key}" is written more than once in this ${field === undefined ? 'event' : `event's ${field}`}; only the last value counts, the earlier ones are lost.`,
    path: pointer(index, field === undefined ? [property.key] : [field, property.key]),
    start: property.keyStart,
    end: property.keyEnd,
  }));
  for (const [index, problems] of problemsByEvent) findings.push(...placeProblems(text, index, problems, layout, outlineElement(text, layout.starts[index]!)));
  return findings;
}

function severityOf(code: string, rules: ValidationRules): Severity | 'off' {
  return warningCodes.has(code) ? rules.severity[code as WarningCode] : 'error';
}

export function validateBatch(text: string, rules: ValidationRules): ValidationResult {
  const body = text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
  const batch = readBatch(body);
  const findings = batch.finding ? [batch.finding] : eventFindings(body, batch.events, rules);
  findings.sort((a, b) => a.start - b.start);

  const positions = positionsOf(body, findings.flatMap((finding) => [finding.start, finding.end, ...(finding.fix ? [finding.fix.start, finding.fix.end] : [])]));
  const diagnostics: Diagnostic[] = [];
  for (const finding of findings) {
    const severity = severityOf(finding.code, rules);
    if (severity === 'off') continue;
    const from = positions.get(finding.start)!;
    const to = positions.get(finding.end)!;
    const diagnostic: Diagnostic = { severity, code: finding.code, message: finding.message, path: finding.path, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
    if (finding.fix) {
      const { title, start, end, text: replacement } = finding.fix;
      const fixFrom = positions.get(start)!;
      const fixTo = positions.get(end)!;
      diagnostic.fix = { title, edits: [{ line: fixFrom.line, column: fixFrom.column, endLine: fixTo.line, endColumn: fixTo.column, text: replacement }] };
    }
    diagnostics.push(diagnostic);
  }
  return batch.events ? { events: batch.events, diagnostics } : { diagnostics };
}
