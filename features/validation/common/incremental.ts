import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';
import type { Diagnostic } from './validation.ts';
import { checkBatch, checkContext, deepestEvent, mayRepeatKeys, originalsOf, recheckEvent, refreshOriginals, type BatchChecks } from './batch-checks.ts';
import { layOutBatch, layOutElement, type RepeatedKey } from './batch-layout.ts';
import { batchText, eventText, wholeText, type BatchText } from './batch-text.ts';
import type { CheckContext, EventProblem } from './event-checks.ts';
import { eventAround, positionAt, positionIn, shiftSpans, spansOf, type EventSpans } from './event-spans.ts';
import type { Position } from './positions.ts';
import { BYTE_ORDER_MARK, diagnosticsIn, diagnosticsOf, eventFindings, readBatch, syntaxFinding, type Finding } from './findings.ts';
import type { ValidationRules } from '../../environments/common/rules.ts';
import { elementScanStart, findSyntaxProblem } from './syntax.ts';

/**
 * Validation that keeps what it learnt of the last text, so that an edit inside one event
 * costs that event: the edit moves the spans of the events after it, the event's own text alone
 * is edited, parsed and checked again (see batch-text.ts), and the batch-wide check (duplicate
 * events) runs on the fingerprints kept. Each answer is exactly validateBatch's for the text as edited. An edit that reaches past one
 * event's brackets, a change of rules, or a text that is no batch is answered by a full run.
 *
 * While an edited event is no JSON value, the text is not JSON, and its first problem lies at
 * that event or after it (everything before is as it was, and was JSON): it is scanned for
 * from the event's start, in the event's text while it lies there. The events' spans are kept,
 * so the edit that repairs it is an edit inside one event again.
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

/** The batch the last answer was about, for a check layered on these (a tracking plan's). */
export interface BatchView {
  /** Each event as parsed; an event an edit changed is a new value, one it left alone the same. */
  readonly events: readonly unknown[];
  /** The event's text, as it now stands. */
  eventText(index: number): string;
  /** The line and column of an offset in the event's text. */
  positionIn(index: number, offset: number): Position;
}

export interface IncrementalValidator {
  full(text: string, rules: ValidationRules): IncrementalAnswer;
  /** `changes` apply in order, each to the text the one before it left; before any full run, to an empty text. */
  edit(changes: readonly ContentChange[], rules: ValidationRules): IncrementalAnswer;
  /** The batch, or null when the text is no batch. While an edited event is no JSON value, the events as they last were. */
  batch(): BatchView | null;
  /** The events parsed again since the last call, by index; null when the whole text was read since. */
  takeChanged(): ReadonlySet<number> | null;
}

/** An event's diagnostics, kept with its findings so they are placed again only when the event's line or column moves. */
interface EventReport {
  /** In the event's text. */
  findings: Finding[];
  /** Where the event started (its line, and its offset in that line) when `diagnostics` were placed. */
  line: number;
  column: number;
  diagnostics: Diagnostic[];
}

/** What is kept of the last text that was a batch. */
interface Batch {
  text: BatchText;
  events: unknown[];
  spans: EventSpans;
  checks: BatchChecks;
  context: CheckContext;
  originals: Int32Array;
  reports: (EventReport | undefined)[];
  /** Edited events whose text is no JSON value: the text is not JSON while there is one. */
  broken: Set<number>;
  /** Events checked again whose reports wait for the text to be JSON again. */
  stale: Set<number>;
  /** The fingerprints re-read events had and have since the duplicates were last found. */
  touched: Set<number>;
}

/** The rules but for their moment, which only moves the bounds of created_at (see nowMoved). */
function rulesKey(rules: ValidationRules): string {
  return JSON.stringify({ ...rules, now: null });
}

function sameProblems(before: readonly EventProblem[] | undefined, after: readonly EventProblem[] | undefined): boolean {
  if (before === undefined || after === undefined) return before === after;
  return (
    before.length === after.length &&
    before.every(
      (problem, index) =>
        problem.code === after[index]!.code && problem.message === after[index]!.message && problem.at.join('/') === after[index]!.at.join('/'),
    )
  );
}

function applied(text: string, { rangeOffset, rangeLength, text: inserted }: ContentChange): string {
  return text.slice(0, rangeOffset) + inserted + text.slice(rangeOffset + rangeLength);
}

export function createIncrementalValidator(): IncrementalValidator {
  let byteOrderMark = '';
  /** The text after its byte order mark, when it is no batch: every offset kept is in it, as positions count. */
  let looseText = '';
  let rules: ValidationRules | null = null;
  let batch: Batch | null = null;
  /** Events parsed again since takeChanged was last called; null after a full run. */
  let changed: Set<number> | null = null;

  const currentText = () => byteOrderMark + (batch ? wholeText(batch.text) : looseText);

  /** The text is not a batch, or not JSON: one finding, and nothing kept to edit. */
  function notABatch(body: string, finding: Finding, eventCount: number | null): IncrementalAnswer {
    batch = null;
    looseText = body;
    return { diagnostics: diagnosticsIn(body, [finding], rules!), eventCount, full: true };
  }

  function reportOf(kept: Batch, index: number): EventReport | undefined {
    const text = eventText(kept.text, index);
    const repeats: RepeatedKey[] = [];
    if (rules!.severity['duplicate-key'] !== 'off') layOutElement(text, 0, index, kept.events[index], repeats);
    const findings = eventFindings(text, index, 0, text.length, kept.checks.problems.get(index), kept.originals[index]!, repeats);
    return findings.length === 0 ? undefined : { findings, line: -1, column: -1, diagnostics: [] };
  }

  /** Every event's diagnostics in text order, each placed again where its event moved. */
  function diagnosticsOfBatch(kept: Batch): Diagnostic[] {
    const { starts, lines, lineStarts } = kept.spans;
    const diagnostics: Diagnostic[] = [];
    kept.reports.forEach((report, index) => {
      if (!report) return;
      const column = starts[index]! - lineStarts[index]!;
      if (report.line !== lines[index] || report.column !== column) {
        const text = eventText(kept.text, index);
        report.diagnostics = diagnosticsOf(report.findings, rules!, (offset) => positionIn(kept.spans, text, index, offset));
        report.line = lines[index]!;
        report.column = column;
      }
      for (const diagnostic of report.diagnostics) diagnostics.push(diagnostic);
    });
    return diagnostics;
  }

  function full(text: string, newRules: ValidationRules): IncrementalAnswer {
    changed = null;
    byteOrderMark = text.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK : '';
    const body = text.slice(byteOrderMark.length);
    rules = newRules;
    const read = readBatch(body);
    if (read.finding) return notABatch(body, read.finding, read.events?.length ?? null);
    const { events } = read;
    const context = checkContext(newRules);
    const checks = checkBatch(events, context);
    if (1 + deepestEvent(checks) > MAX_JSON_DEPTH) return notABatch(body, syntaxFinding(findSyntaxProblem(body)!), null);
    const layout = layOutBatch(body, events, events.length, mayRepeatKeys(body, events, checks, newRules));
    const kept: Batch = {
      text: batchText(body, layout.starts, layout.ends),
      events,
      spans: spansOf(body, layout.starts, layout.ends),
      checks,
      context,
      originals: originalsOf(events, checks, newRules),
      reports: new Array<EventReport | undefined>(events.length),
      broken: new Set(),
      stale: new Set(),
      touched: new Set(),
    };
    const withFindings = new Set(checks.problems.keys());
    for (const { index } of layout.repeatedKeys) withFindings.add(index);
    kept.originals.forEach((original, index) => original >= 0 && withFindings.add(index));
    for (const index of withFindings) kept.reports[index] = reportOf(kept, index);
    batch = kept;
    looseText = '';
    return { diagnostics: diagnosticsOfBatch(kept), eventCount: events.length, full: true };
  }

  /** Parses and checks the event at `index` again; false when its text is no JSON value. */
  function reread(kept: Batch, index: number): boolean {
    let event: unknown;
    try {
      event = JSON.parse(eventText(kept.text, index));
    } catch {
      kept.broken.add(index);
      return false;
    }
    kept.broken.delete(index);
    kept.events[index] = event;
    changed?.add(index);
    kept.touched.add(kept.checks.fingerprints[index]!);
    recheckEvent(kept.checks, index, event, kept.context);
    kept.touched.add(kept.checks.fingerprints[index]!);
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

  /**
   * The first problem of the text while an edited event is no JSON value, scanned for from it
   * or from an earlier event that nests too deep: in that event's text when the problem lies
   * wholly inside it, else in the whole text.
   */
  function syntaxAnswer(kept: Batch): IncrementalAnswer {
    let first = Math.min(...kept.broken);
    const { depths } = kept.checks;
    for (let index = 0; index < first; index++) if (1 + depths[index]! > MAX_JSON_DEPTH) first = index;
    const text = eventText(kept.text, first);
    const inEvent = findSyntaxProblem(text, elementScanStart(0));
    if (inEvent && inEvent.offset + inEvent.length < text.length) {
      const diagnostics = diagnosticsOf([syntaxFinding(inEvent)], rules!, (offset) => positionIn(kept.spans, text, first, offset));
      return { diagnostics, eventCount: null, full: false };
    }
    const body = wholeText(kept.text);
    const problem = findSyntaxProblem(body, elementScanStart(kept.spans.starts[first]!));
    // The scan finds none where JSON.parse found one: let the full run say what.
    if (!problem) return full(byteOrderMark + body, rules!);
    const diagnostics = diagnosticsOf([syntaxFinding(problem)], rules!, (offset) => positionAt(kept.spans, body, offset));
    return { diagnostics, eventCount: null, full: false };
  }

  /** Applies a change inside one event to what is kept; false when it reaches past the event's brackets. */
  function editInside(kept: Batch, { rangeOffset, rangeLength, text: inserted }: ContentChange, edited: Set<number>): boolean {
    const from = rangeOffset - byteOrderMark.length;
    const to = from + rangeLength;
    const index = from >= 0 ? eventAround(kept.spans, from, to) : -1;
    if (index < 0) return false;
    const start = kept.spans.starts[index]!;
    const text = eventText(kept.text, index);
    shiftSpans(kept.spans, text, index, from - start, to - start, inserted);
    kept.text.edited.set(index, text.slice(0, from - start) + inserted + text.slice(to - start));
    edited.add(index);
    return true;
  }

  function edit(changes: readonly ContentChange[], newRules: ValidationRules): IncrementalAnswer {
    const kept = batch !== null && rules !== null && rulesKey(rules) === rulesKey(newRules) ? batch : null;
    const edited = new Set<number>();
    // Once a change reaches past one event, the rest apply to the whole text, read in full.
    let whole = kept ? null : currentText();
    for (const change of changes) {
      if (whole === null && editInside(kept!, change, edited)) continue;
      whole = applied(whole ?? currentText(), change);
    }
    if (whole !== null) return full(whole, newRules);
    const current = kept!;
    rules = newRules;

    const context = checkContext(newRules);
    if (context.now !== current.context.now || context.latest !== current.context.latest || context.earliest !== current.context.earliest) {
      for (const index of nowMoved(current, context)) current.stale.add(index);
    }
    for (const index of edited) if (reread(current, index)) current.stale.add(index);
    if (current.broken.size > 0) return syntaxAnswer(current);
    if (1 + deepestEvent(current.checks) > MAX_JSON_DEPTH) return full(currentText(), newRules);
    for (const index of refreshOriginals(current.events, current.checks, current.originals, current.touched, newRules)) current.stale.add(index);
    current.touched.clear();
    for (const index of current.stale) current.reports[index] = reportOf(current, index);
    current.stale.clear();
    return { diagnostics: diagnosticsOfBatch(current), eventCount: current.events.length, full: false };
  }

  function view(): BatchView | null {
    const kept = batch;
    if (!kept) return null;
    return {
      events: kept.events,
      eventText: (index) => eventText(kept.text, index),
      positionIn: (index, offset) => positionIn(kept.spans, eventText(kept.text, index), index, offset),
    };
  }

  function takeChanged(): ReadonlySet<number> | null {
    const taken = changed;
    changed = new Set();
    return taken;
  }

  return { full, edit, batch: view, takeChanged };
}
