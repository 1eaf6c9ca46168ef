import { createHash } from 'node:crypto';
import { resolveTimeZone, type Environment } from '../../environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { eventPlace } from '../../../base/common/event-place.ts';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';
import { batchResolver, type TemplateProblem } from '../../environments/common/templates.ts';
import { readBatchJson } from '../../validation/common/syntax.ts';
import { collectSearchValues, valuesSearchText } from '../../history/node/history-search.ts';
import { atOnce } from '../../../base/node/slices.ts';
import type { BatchPart } from '../../history/node/submissions.ts';

/**
 * A batch as it goes out, from one reading of its text: each event read, its templates
 * resolved, written back as JSON and measured, its values gathered for the history's search;
 * the hash of the whole; and the parts the history records it in. It is a generator that yields every few events, so that a send runs it in
 * slices (slices.ts) and never holds the services' event loop for the whole batch.
 *
 * The events are found by a scan of the text that follows strings and brackets (no values are
 * built), then each is read with JSON.parse on its own text: what the parse of the whole would
 * give, one event at a time. Whatever the scan cannot vouch for (no array, nesting past the
 * limit, a stray character) goes to readBatchJson, which reads the whole text and says exactly
 * what is wrong with it.
 */

/**
 * A part of the recorded batch closes once its events' texts reach this many characters: its
 * row and its search row then take a few milliseconds each to write.
 */
const PART_CHARACTERS = 64 * 1024;
/** Events read between two yields. */
const EVENTS_PER_STEP = 64;
/** Characters scanned between two yields. */
const CHARACTERS_PER_STEP = 256 * 1024;

export interface PreparedBatch {
  /** The resolved events, one JSON text each. */
  eventTexts: string[];
  /** UTF-8 bytes of each event's text. */
  eventBytes: number[];
  /** The batch as the history records it, each part with its searchable text (history-search.ts), from the values read. */
  parts: (BatchPart & { searchText: string })[];
  /** SHA-256 of the resolved batch, `[e1,e2,…]`, in hex. */
  batchHash: string;
  /** UTF-8 bytes of the resolved batch, `[e1,e2,…]`. */
  batchBytes: number;
}

const [QUOTE, BACKSLASH, COMMA] = ['"', '\\', ','].map((character) => character.charCodeAt(0)) as [number, number, number];
const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = ['[', ']', '{', '}'].map((character) => character.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
];
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** Where the string that opens at `quote` closes, its escapes skipped; -1 when it never does. */
function stringEnd(text: string, quote: number): number {
  for (let close = text.indexOf('"', quote + 1); close !== -1; close = text.indexOf('"', close + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close;
  }
  return -1;
}

/**
 * Where each event of a batch's text begins and ends (start, end, start, end, …), each span
 * holding exactly one value between the array's commas; null when the text is not an array
 * this scan can vouch for.
 */
function* eventSpans(text: string): Generator<void, number[] | null> {
  let at = 0;
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) !== OPEN_ARRAY) return null;
  const spans: number[] = [];
  let valueStart = ++at;
  // Inside the batch's array: an event opens depth 1, which the resolver counts as level 2.
  let depth = 0;
  let closed = -1;
  while (closed === -1 && at < text.length) {
    for (const stop = Math.min(text.length, at + CHARACTERS_PER_STEP); at < stop; at++) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        at = stringEnd(text, at);
        if (at === -1) return null;
      } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
        if (++depth + 1 > MAX_JSON_DEPTH) return null;
      } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
        if (depth > 0) depth--;
        else if (code === CLOSE_ARRAY) {
          closed = at;
          break;
        } else return null;
      } else if (code === COMMA && depth === 0) {
        spans.push(valueStart, at);
        valueStart = at + 1;
      }
    }
    yield;
  }
  if (closed === -1) return null;
  for (let after = closed + 1; after < text.length; after++) if (!isSpace(text.charCodeAt(after))) return null;
  // `[ ]` holds no event; `[1,]` holds an empty value, which JSON.parse refuses below.
  if (spans.length > 0 || text.slice(valueStart, closed).trim() !== '') spans.push(valueStart, closed);
  return spans;
}

/** What readBatchJson makes of a text that is not a batch to send; it reads the whole text. */
function unreadable(text: string): AppError {
  const read = readBatchJson(text);
  if (read.problem?.code === 'json-too-deep') return new AppError('batch-too-deep', `${read.problem.message} Nothing was sent.`);
  if (read.problem) return new AppError('batch-not-json', 'The batch is not valid JSON, so nothing was sent.');
  return new AppError('batch-empty', 'The batch must be a JSON array of at least one event.');
}

function templateError(problems: readonly TemplateProblem[]): AppError {
  // A sparse but deep event passes the scan's count of brackets; the resolver stops at the same depth.
  const tooDeep = problems.find((problem) => problem.tooDeep);
  if (tooDeep) return new AppError('batch-too-deep', `${TOO_DEEP_MESSAGE} Nothing was sent.`, `at ${tooDeep.path}`);
  return new AppError(
    'template-problems',
    `The batch's templates cannot be resolved: ${problems.map((problem) => `${eventPlace(problem.path)}: ${problem.message}`).join('; ')}`,
  );
}

/**
 * The events of a batch's text, read one by one; yields between steps. `templated` is false for
 * an event whose text holds no `{{` and no escape: nothing in it to resolve, in its values or its keys.
 */
function* eventValues(text: string): Generator<void, { count: number; read(index: number): { value: unknown; templated: boolean } }> {
  const spans = yield* eventSpans(text);
  if (spans !== null) {
    return {
      count: spans.length / 2,
      read(index) {
        const eventText = text.slice(spans[2 * index], spans[2 * index + 1]);
        try {
          // An escape (`\u007b`) can write a brace too.
          return { value: JSON.parse(eventText) as unknown, templated: eventText.includes('{{') || eventText.includes('\\u') };
        } catch {
          throw unreadable(text);
        }
      },
    };
  }
  // Not a plain array: read whole, as before, for its exact problem (or its few odd events).
  const read = readBatchJson(text);
  if (read.problem || !Array.isArray(read.value)) throw unreadable(text);
  const values: unknown[] = read.value;
  return { count: values.length, read: (index) => ({ value: values[index], templated: true }) };
}

/**
 * Reads a batch (its text as in the editor) and resolves its templates for `environment` (unless
 * `resolve` is false: they were resolved already), one event at a time, yielding every few
 * events; throws an AppError saying why it cannot be sent.
 */
export function* preparing(
  environment: Pick<Environment, 'variables' | 'timeZone'>,
  batchText: string,
  now = new Date(),
  resolve = true,
): Generator<void, PreparedBatch> {
  const source = yield* eventValues(batchText);
  if (source.count === 0) throw new AppError('batch-empty', 'The batch must be a JSON array of at least one event.');
  const resolver = batchResolver({ variables: environment.variables, timeZone: resolveTimeZone(environment.timeZone), now });
  const prepared: PreparedBatch = { eventTexts: [], eventBytes: [], parts: [], batchHash: '', batchBytes: 2 };
  const hash = createHash('sha256');
  let partStart = 0;
  let partCharacters = 0;
  let partValues = new Set<string>();
  for (let index = 0; index < source.count; index++) {
    const read = source.read(index);
    const event = read.templated && resolve ? resolver.resolveEvent(read.value, index) : read.value;
    // Once a template is wrong nothing is sent: the rest is only read for its problems.
    if (resolver.problems.length === 0) {
      const text = JSON.stringify(event);
      // JSON.stringify writes no lone surrogate, so the native count is chunking's utf8Length.
      const bytes = Buffer.byteLength(text, 'utf8');
      collectSearchValues(event, partValues);
      prepared.eventTexts.push(text);
      prepared.eventBytes.push(bytes);
      prepared.batchBytes += bytes + (index > 0 ? 1 : 0);
      partCharacters += text.length + 1;
      if (partCharacters >= PART_CHARACTERS || index === source.count - 1) {
        const events = prepared.eventTexts.slice(partStart, index + 1).join(',');
        hash.update(partStart === 0 ? '[' : ',').update(events);
        prepared.parts.push({ firstEvent: partStart, eventCount: index + 1 - partStart, events, searchText: valuesSearchText(partValues) });
        partStart = index + 1;
        partCharacters = 0;
        partValues = new Set();
      }
    }
    if (index % EVENTS_PER_STEP === EVENTS_PER_STEP - 1) yield;
  }
  if (resolver.problems.length > 0) throw templateError(resolver.problems);
  prepared.batchHash = hash.update(']').digest('hex');
  return prepared;
}

/** `preparing` at once: what the command line's dry run plans from. */
export function prepareBatch(environment: Pick<Environment, 'variables' | 'timeZone'>, batchText: string, now = new Date()): PreparedBatch {
  return atOnce(preparing(environment, batchText, now));
}
