import { MAX_JSON_DEPTH } from '../json-nesting.ts';
import type { Diagnostic } from '../validation.ts';
import { checkBatch, checkContext, deepestEvent, mayRepeatKeys, originalsOf, recheckEvent, type BatchChecks } from './batch-checks.ts';
import { layOutBatch, layOutElement, repeatsByEvent, type RepeatedKey } from './batch-layout.ts';
import type { CheckContext, EventProblem } from './event-checks.ts';
import { eventAround, positionAt, shiftSpans, spansOf, type EventSpans } from './event-spans.ts';
import { BYTE_ORDER_MARK, diagnosticsIn, diagnosticsOf, eventFindings, readBatch, syntaxFinding, type Finding } from './findings.ts';
import type { ValidationRules } from './rules.ts';
import { elementScanStart, findSyntaxProblem } from './syntax.ts';

/**
 * Validation that keeps what it learnt of the last text, so that an edit inside one event
 * costs that event: the edit moves the spans of the events after it, the event alone is parsed
 * and checked again, and the batch-wide check (duplicate events) runs on the fingerprints kept.
 * Each answer is exactly validateBatch's for the text as edited. An edit that reaches past one
 * event's brackets, a change of rules, or a text that is no batch is answered by a full run.
 *
 * While an edited event is no JSON value, the text is not JSON, and its first problem lies at
 * that event or after it (everything before is as it was, and was JSON): it is scanned for
 * from the event's start. The events' spans are kept, so the edit that repairs it is an edit
 * inside one event again.
 */

/** One change of a text, as Monaco reports it: offsets in the text before this change. */
export interface ContentChange {
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

export interface IncrementalAnswer {
  diagnostics: Diagnostic[];
  /** How many events the batch has, or null when the text is not one. */
  eventCount: number | null;
  /** Whether the whole text was read (a full run), not only what the edit touched. */
  full: boolean;
}

export interface IncrementalValidator {
  full(text: string, rules: ValidationRules): IncrementalAnswer;
  /** `changes` apply in order, each to the text the one before it left. */
  edit(changes: readonly ContentChange[], rules: ValidationRules): IncrementalAnswer;
}

/** An event's diagnostics, kept with its findings so they are placed again only when the event's line or column moves. */
interface EventReport {
  /** Offsets from the event's start. */
  findings: Finding[];
  line: number;
  column: number;
  diagnostics: Diagnostic[];
}

/** What is kept of the last text that was a batch. */
interface Batch {
  events: unknown[];
  spans: EventSpans;
  checks: BatchChecks;
  context: CheckContext;
  originals: Int32Array;
  repeats: Map<number, RepeatedKey[]>;
  reports: (EventReport | undefined)[];
  /** Edited events whose text is no JSON value: the text is not JSON while there is one. */
  broken: Set<number>;
  /** Events checked again whose reports wait for the text to be JSON again. */
  stale: Set<number>;
}

/** The rules but for their moment, which only moves the bounds of created_at (see nowMoved). */
function rulesKey(rules: ValidationRules): string {
  return JSON.stringify({ ...rules, now: null });
}

function sameProblems(before: readonly EventProblem[] | undefined, after: readonly EventProblem[] | undefined): boolean {
  if (before === undefined || after === undefined) return before === after;
  return before.length === after.length && before.every((problem, index) => problem.code === after[index]!.code && problem.message === after[index]!.message && problem.at.join('/') === after[index]!.at.join('/'));
}

function shifted(finding: Finding, by: number): Finding {
  const moved = { ...finding, start: finding.start + by, end: finding.end + by };
  if (finding.fix) moved.fix = { ...finding.fix, start: finding.fix.start + by, end: finding.fix.end + by };
  return moved;
}

export function createIncrementalValidator(): IncrementalValidator {
  let byteOrderMark = '';
  /** The text after its byte order mark: every offset kept is in it, as positions count. */
  let body = '';
  let rules: ValidationRules | null = null;
  let batch: Batch | null = null;

  const answerOf = (diagnostics: Diagnostic[], full: boolean): IncrementalAnswer => ({ diagnostics, eventCount: batch && batch.broken.size === 0 ? batch.events.length : null, full });

  /** The text is not a batch, or not JSON: one finding, and nothing kept to edit. */
  function notABatch(finding: Finding, eventCount: number | null): IncrementalAnswer {
    batch = null;
    return { diagnostics: diagnosticsIn(body, [finding], rules!), eventCount, full: true };
  }

  function reportOf(kept: Batch, index: number): EventReport | undefined {
    const start = kept.spans.starts[index]!;
    const findings = eventFindings(body, index, start, kept.spans.ends[index]!, kept.checks.problems.get(index), kept.originals[index]!, kept.repeats.get(index) ?? []);
    if (findings.length === 0) return undefined;
    return { findings: findings.map((finding) => shifted(finding, -start)), line: -1, column: -1, diagnostics: [] };
  }

  /** Every event's diagnostics in text order, each placed again where its event moved. */
  function diagnosticsOfBatch(kept: Batch): Diagnostic[] {
    const { starts, lines, lineStarts } = kept.spans;
    const diagnostics: Diagnostic[] = [];
    kept.reports.forEach((report, index) => {
      if (!report) return;
      const start = starts[index]!;
      const column = start - lineStarts[index]!;
      if (report.line !== lines[index] || report.column !== column) {
        report.diagnostics = diagnosticsOf(report.findings, rules!, (offset) => positionAt(kept.spans, body, start + offset));
        report.line = lines[index]!;
        report.column = column;
      }
      for (const diagnostic of report.diagnostics) diagnostics.push(diagnostic);
    });
    return diagnostics;
  }

  function full(text: string, newRules: ValidationRules): IncrementalAnswer {
    byteOrderMark = text.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK : '';
    body = text.slice(byteOrderMark.length);
    rules = newRules;
    const read = readBatch(body);
    if (read.finding) return notABatch(read.finding, read.events?.length ?? null);
    const { events } = read;
    const context = checkContext(newRules);
    const checks = checkBatch(events, context);
    if (1 + deepestEvent(checks) > MAX_JSON_DEPTH) return notABatch(syntaxFinding(findSyntaxProblem(body)!), null);
    const layout = layOutBatch(body, events, events.length, mayRepeatKeys(body, events, checks, newRules));
    const kept: Batch = {
      events,
      spans: spansOf(body, layout.starts, layout.ends),
      checks,
      context,
      originals: originalsOf(events, checks, newRules),
      repeats: repeatsByEvent(layout.repeatedKeys),
      reports: new Array<EventReport | undefined>(events.length),
      broken: new Set(),
      stale: new Set(),
    };
    const withFindings = new Set([...checks.problems.keys(), ...kept.repeats.keys()]);
    kept.originals.forEach((original, index) => original >= 0 && withFindings.add(index));
    for (const index of withFindings) kept.reports[index] = reportOf(kept, index);
    batch = kept;
    return answerOf(diagnosticsOfBatch(kept), true);
  }

  /** Parses and checks the event at `index` again; false when its text is no JSON value. */
  function reread(kept: Batch, index: number): boolean {
    const start = kept.spans.starts[index]!;
    const end = kept.spans.ends[index]!;
    let event: unknown;
    try {
      event = JSON.parse(body.slice(start, end));
    } catch {
      kept.broken.add(index);
      return false;
    }
    kept.broken.delete(index);
    kept.events[index] = event;
    recheckEvent(kept.checks, index, event, kept.context);
    const repeats: RepeatedKey[] = [];
    layOutElement(body, start, index, event, rules!.severity['duplicate-key'] === 'off' ? null : repeats);
    if (repeats.length > 0) kept.repeats.set(index, repeats);
    else kept.repeats.delete(index);
    return true;
  }

  /**
   * A new `now` moves the bounds of created_at (and the words of its messages): the events it
   * can change are those that had any problem or were not read the short way, and those whose
   * created_at now falls outside the bounds. Of these, the ones whose problems changed.
   */
  function nowMoved(kept: Batch, context: CheckContext): number[] {
    const changed: number[] = [];
    const { clocks, problems } = kept.checks;
    kept.context = context;
    for (let index = 0; index < clocks.length; index++) {
      const clock = clocks[index]!;
      if (clock >= context.earliestClock && clock <= context.latestClock) continue;
      const before = problems.get(index);
      recheckEvent(kept.checks, index, kept.events[index], context);
      if (!sameProblems(before, problems.get(index))) changed.push(index);
    }
    return changed;
  }

  /** The first problem of the text while an edited event is no JSON value, scanned from it or from an earlier event that nests too deep. */
  function syntaxAnswer(kept: Batch): IncrementalAnswer {
    let first = Math.min(...kept.broken);
    const { depths } = kept.checks;
    for (let index = 0; index < first; index++) if (1 + depths[index]! > MAX_JSON_DEPTH) first = index;
    const problem = findSyntaxProblem(body, elementScanStart(kept.spans.starts[first]!));
    // The scan finds none where JSON.parse found one: let the full run say what.
    if (!problem) return full(byteOrderMark + body, rules!);
    const diagnostics = diagnosticsOf([syntaxFinding(problem)], rules!, (offset) => positionAt(kept.spans, body, offset));
    return { diagnostics, eventCount: null, full: false };
  }

  function edit(changes: readonly ContentChange[], newRules: ValidationRules): IncrementalAnswer {
    let kept = batch !== null && rules !== null && rulesKey(rules) === rulesKey(newRules) ? batch : null;
    const edited = new Set<number>();
    for (const { rangeOffset, rangeLength, text } of changes) {
      const from = rangeOffset - byteOrderMark.length;
      const to = from + rangeLength;
      const index = kept && from >= 0 && to <= body.length ? eventAround(kept.spans, from, to) : -1;
      if (index < 0) {
        kept = null;
        const whole = byteOrderMark + body;
        byteOrderMark = '';
        body = whole.slice(0, rangeOffset) + text + whole.slice(rangeOffset + rangeLength);
        continue;
      }
      shiftSpans(kept!.spans, body, index, from, to, text);
      body = body.slice(0, from) + text + body.slice(to);
      edited.add(index);
    }
    if (!kept) return full(byteOrderMark + body, newRules);
    rules = newRules;

    const context = checkContext(newRules);
    if (context.now !== kept.context.now || context.latest !== kept.context.latest || context.earliest !== kept.context.earliest) {
      for (const index of nowMoved(kept, context)) kept.stale.add(index);
    }
    for (const index of edited) if (reread(kept, index)) kept.stale.add(index);
    if (kept.broken.size > 0) return syntaxAnswer(kept);
    if (1 + deepestEvent(kept.checks) > MAX_JSON_DEPTH) return full(byteOrderMark + body, newRules);
    if (kept.stale.size > 0) {
      const originals = originalsOf(kept.events, kept.checks, newRules);
      originals.forEach((original, index) => original !== kept.originals[index] && kept.stale.add(index));
      kept.originals = originals;
    }
    for (const index of kept.stale) kept.reports[index] = reportOf(kept, index);
    kept.stale.clear();
    return answerOf(diagnosticsOfBatch(kept), false);
  }

  return { full, edit };
}
