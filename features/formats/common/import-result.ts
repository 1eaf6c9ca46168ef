import { nestsTooDeep } from '../../../base/common/json-nesting.ts';
import { positionsOf } from '../../validation/common/positions.ts';
import { findSyntaxProblem, readBatchJson } from '../../validation/common/syntax.ts';

/**
 * What every import returns: the events found, or a message a QA tester understands, with the
 * line where the file goes wrong when there is one. Events are only checked to be objects;
 * the validator judges their fields once they are in the editor.
 */
export type ImportResult = { ok: true; events: ImportedEvent[]; note?: string } | { ok: false; message: string; line?: number };

export type ImportedEvent = Record<string, unknown>;

/** A failed reading says why in a few words ("a comma is missing") and where, when it can. */
export type JsonReading = { ok: true; value: unknown } | { ok: false; reason: string; line?: number; column?: number; tooDeep?: boolean };

const BOM = '\uFEFF';
/** Long enough to recognise a line, short enough that a 20 MB line does not flood the message. */
const EXCERPT_LENGTH = 60;

export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** The start of a text, shortened with … when it is long, for quoting in a message. */
export function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

/**
 * Parses JSON text as the validator reads a batch (features/validation/common/syntax.ts): JSON.parse
 * does the work, within the nesting limit and in memory in proportion to the text; when it
 * fails, or nests too deep, the validator's locator says where and why. Nothing here recurses,
 * so no file, however deep, can exhaust the stack.
 */
export function readJson(text: string): JsonReading {
  const reading = readBatchJson(text);
  if (reading.problem === undefined && !nestsTooDeep(reading.value)) return { ok: true, value: reading.value };
  const problem = reading.problem ?? findSyntaxProblem(text)!;
  const { line, column } = positionsOf(text, [problem.offset]).get(problem.offset)!;
  return { ok: false, reason: problem.reason, line, column, tooDeep: problem.code === 'json-too-deep' };
}

/** Names a JSON value's kind the way a tester would. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? 'a text' : `a ${typeof value}`;
}

/** The events of a JSON value: an array of event objects, or one event object on its own. */
export function eventsFromJson(value: unknown): ImportResult {
  if (Array.isArray(value)) {
    if (value.length === 0) return { ok: false, message: 'The list is empty: there are no events in it.' };
    const wrong = value.findIndex((event) => typeof event !== 'object' || event === null || Array.isArray(event));
    if (wrong !== -1) return { ok: false, message: `Item ${wrong + 1} of the list is ${kindOf(value[wrong])}, not an event object.` };
    return { ok: true, events: value as ImportedEvent[] };
  }
  if (typeof value === 'object' && value !== null)
    return { ok: true, events: [value as ImportedEvent], note: 'The file held one event; it became a batch of one.' };
  return { ok: false, message: `It holds ${kindOf(value)}, not a list of events or one event object.` };
}
