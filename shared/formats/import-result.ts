import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/**
 * What every import returns: the events found, or a message a QA tester understands, with the
 * line where the file goes wrong when there is one. Events are only checked to be objects;
 * the validator judges their fields once they are in the editor.
 */
export type ImportResult = { ok: true; events: ImportedEvent[]; note?: string } | { ok: false; message: string; line?: number };

export type ImportedEvent = Record<string, unknown>;

/** A failed reading says why in a few words ("a comma is missing") and where, when it can. */
export type JsonReading = { ok: true; value: unknown } | { ok: false; reason: string; line?: number; column?: number };

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

/** By jsonc-parser's error names: its codes are a const enum, which type stripping cannot read. */
const parseErrorText: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a number written wrongly',
  PropertyNameExpected: 'a field name in double quotes is expected (no trailing commas)',
  ValueExpected: 'a value is missing',
  ColonExpected: 'a colon is missing',
  CommaExpected: 'a comma is missing',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'there is more text after the end of the JSON',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfString: 'a text in quotes is not closed',
  InvalidUnicode: 'a \\u escape is not 4 hex digits',
  InvalidEscapeCharacter: 'a backslash escape is not valid',
  InvalidCharacter: 'a text in quotes holds a line break or control character',
};

/**
 * Parses JSON text. JSON.parse does the work; only when it fails does a second, slower parser
 * find where, because engines word and place JSON.parse's errors differently.
 */
export function readJson(text: string): JsonReading {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const [first] = errors;
    if (first === undefined) return { ok: false, reason: (error as Error).message };
    const before = text.slice(0, first.offset);
    const line = before.split('\n').length;
    const column = first.offset - before.lastIndexOf('\n');
    return { ok: false, reason: parseErrorText[printParseErrorCode(first.error)] ?? 'unexpected text', line, column };
  }
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
  if (typeof value === 'object' && value !== null) return { ok: true, events: [value as ImportedEvent], note: 'The file held one event; it became a batch of one.' };
  return { ok: false, message: `It holds ${kindOf(value)}, not a list of events or one event object.` };
}
