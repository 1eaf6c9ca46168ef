import { createScanner } from 'jsonc-parser';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-characters.ts';
import type { LineAnchor } from './positions.ts';

/**
 * Reading a batch text as JSON, and where a text that is none first goes wrong, and why, in
 * words for a tester. JSON.parse does not say where for every error, nor in the same words in
 * every engine. Nesting deeper than MAX_JSON_DEPTH is a problem like a syntax error, found at
 * the bracket that opens the level too many; past it nothing more is read.
 */

export interface SyntaxProblem {
  code: 'not-json' | 'json-too-deep';
  /** In UTF-16 code units. */
  offset: number;
  /** How many characters the problem covers (0 at the end of the text). */
  length: number;
  /**
   * What is wrong, in words that follow "not valid JSON at <place>: " in any reader's frame
   * (the sandbox's 400, an import's message): no position, nothing about batches.
   */
  reason: string;
  /** The problem as the editor and `validate` show it: a sentence about the batch text. */
  message: string;
  /** A line near the problem, as JSON.parse numbered it, to count the problem's position from (see positions.ts). */
  anchor?: LineAnchor;
}

/** jsonc-parser's SyntaxKind and ScanError values: its const enums cannot be read under type stripping. */
const TOKEN = {
  openBrace: 1,
  closeBrace: 2,
  openBracket: 3,
  closeBracket: 4,
  comma: 5,
  colon: 6,
  null: 7,
  true: 8,
  false: 9,
  string: 10,
  number: 11,
  lineComment: 12,
  blockComment: 13,
  lineBreak: 14,
  space: 15,
  unknown: 16,
  end: 17,
} as const;
const SCAN_ERROR_NONE = 0;

export type Expected = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const WHAT_WAS_EXPECTED: Record<Exclude<Expected, 'comma-or-close' | 'end'>, string> = {
  value: 'a value (an object, array, string, number, true, false or null)',
  'value-or-close': "a value or ']'",
  key: 'a field name in double quotes',
  'key-or-close': "a field name in double quotes or '}'",
  colon: "':' after the field name",
};

/** Characters a reader cannot see (controls, format marks such as a byte order mark, spaces other than ' '), shown as \uXXXX. */
const INVISIBLE = /(?! )[\p{C}\p{Z}]/gu;

function escapeInvisible(character: string): string {
  return character
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
    .join('');
}

function quoteToken(token: string): string {
  const shown = token.length > 20 ? `${token.slice(0, 20)}…` : token;
  return /^[\x21-\x7e]+$/.test(shown) ? `'${shown}'` : JSON.stringify(shown).replace(INVISIBLE, escapeInvisible);
}

function notJson(offset: number, length: number, reason: string): SyntaxProblem {
  return { code: 'not-json', offset, length, reason, message: `The text is not valid JSON: ${reason}.` };
}

/** Inside a string token that the scanner flagged, the offset of the bad escape or control character. */
function badCharacterIn(text: string, start: number, end: number): SyntaxProblem {
  for (let index = start + 1; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) {
      if (!/^(["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(text.slice(index + 1, index + 6))) {
        return notJson(index, 2, 'a string has a bad escape; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX');
      }
      index++;
    } else if (code < 0x20) {
      return notJson(index, 1, 'a string contains a line break or control character; write it as \\n, \\t or \\uXXXX');
    }
  }
  return notJson(end, 0, 'a string is not closed with a double quote');
}

/**
 * Where a scan of a text starts: past `offset` the tokens are read with these brackets open
 * (`kinds[level]` is 1 for an object, 0 for an array) and this expected next.
 */
export interface ScanStart {
  offset: number;
  kinds: Uint8Array;
  depth: number;
  expected: Expected;
}

/** Open brackets, one byte each (1 for an object), up to MAX_JSON_DEPTH of them, as a scan starts with them. */
function bracketStack(start: ScanStart) {
  const kinds = start.kinds.slice();
  let depth = start.depth;
  return {
    get depth() {
      return depth;
    },
    get isFull() {
      return depth === MAX_JSON_DEPTH;
    },
    push(isObject: boolean) {
      kinds[depth++] = isObject ? 1 : 0;
    },
    pop() {
      depth--;
    },
    topIsObject: () => depth > 0 && kinds[depth - 1] === 1,
  };
}

const TEXT_START: ScanStart = { offset: 0, kinds: new Uint8Array(MAX_JSON_DEPTH), depth: 0, expected: 'value' };

/** The scan from the start of an element of the batch's array, whose text before it is known to be JSON. */
export function elementScanStart(offset: number): ScanStart {
  const kinds = new Uint8Array(MAX_JSON_DEPTH);
  return { offset, kinds, depth: 1, expected: 'value' };
}

const EMPTY_MESSAGE = 'The text is empty: a batch is a JSON array of events, [ { … }, { … } ].';
/** The reason of a level too deep, for a reader that frames it as it frames a syntax error. */
const TOO_DEEP_REASON = TOO_DEEP_MESSAGE.replace(/\.$/, '');

/**
 * The first syntax error or level too deep in `text`, or null for JSON nested at most
 * MAX_JSON_DEPTH deep; from `start` on, when the text before it is known to be JSON.
 */
export function findSyntaxProblem(text: string, start: ScanStart = TEXT_START): SyntaxProblem | null {
  const scanner = createScanner(text, false);
  scanner.setPosition(start.offset);
  const open = bracketStack(start);
  let expected: Expected = start.expected;
  let seenAnything = start.offset > 0;
  const afterValue = (): Expected => (open.depth === 0 ? 'end' : 'comma-or-close');

  for (;;) {
    const kind = scanner.scan();
    if (kind === TOKEN.space || kind === TOKEN.lineBreak) continue;
    const offset = scanner.getTokenOffset();
    const length = scanner.getTokenLength();
    const token = text.slice(offset, offset + length);
    if (kind === TOKEN.end) {
      if (expected === 'end') return null;
      const missing = expected === 'comma-or-close' ? `',' or '${open.topIsObject() ? '}' : ']'}'` : WHAT_WAS_EXPECTED[expected];
      const reason = `it ends where ${missing} should be`;
      return seenAnything ? notJson(offset, 0, reason) : { code: 'not-json', offset, length: 0, reason, message: EMPTY_MESSAGE };
    }
    seenAnything = true;
    if (kind === TOKEN.lineComment || kind === TOKEN.blockComment) return notJson(offset, length, 'JSON has no comments; remove this one');

    const closing = open.topIsObject() ? TOKEN.closeBrace : TOKEN.closeBracket;
    const unexpected = (what: string): SyntaxProblem => notJson(offset, length, `expected ${what}, found ${quoteToken(token)}`);
    // A string or number is judged only where one may stand: out of place, it is the error, wherever it ends.
    const malformedToken = (): SyntaxProblem | null => {
      if (scanner.getTokenError() === SCAN_ERROR_NONE) return null;
      if (kind === TOKEN.string) return badCharacterIn(text, offset, offset + length);
      return kind === TOKEN.number ? notJson(offset, length, `${quoteToken(token)} is not a number`) : null;
    };

    if (expected === 'end') return notJson(offset, length, `there is more after the end of the JSON, starting with ${quoteToken(token)}`);
    if (expected === 'colon') {
      if (kind !== TOKEN.colon) return unexpected(WHAT_WAS_EXPECTED.colon);
      expected = 'value';
    } else if (expected === 'comma-or-close') {
      if (kind === TOKEN.comma) {
        expected = closing === TOKEN.closeBracket ? 'value' : 'key';
      } else if (kind === closing) {
        open.pop();
        expected = afterValue();
      } else {
        return unexpected(`',' or '${closing === TOKEN.closeBrace ? '}' : ']'}'`);
      }
    } else if ((expected === 'value-or-close' && kind === TOKEN.closeBracket) || (expected === 'key-or-close' && kind === TOKEN.closeBrace)) {
      open.pop();
      expected = afterValue();
    } else if (expected === 'key' || expected === 'key-or-close') {
      if (kind !== TOKEN.string) return unexpected(WHAT_WAS_EXPECTED[expected]);
      const problem = malformedToken();
      if (problem) return problem;
      expected = 'colon';
    } else if (kind === TOKEN.openBrace || kind === TOKEN.openBracket) {
      if (open.isFull) return { code: 'json-too-deep', offset, length, reason: TOO_DEEP_REASON, message: TOO_DEEP_MESSAGE };
      open.push(kind === TOKEN.openBrace);
      expected = kind === TOKEN.openBrace ? 'key-or-close' : 'value-or-close';
    } else if (kind === TOKEN.string || kind === TOKEN.number || kind === TOKEN.null || kind === TOKEN.true || kind === TOKEN.false) {
      const problem = malformedToken();
      if (problem) return problem;
      expected = afterValue();
    } else {
      return unexpected(WHAT_WAS_EXPECTED[expected]);
    }
  }
}

/**
 * JSON.parse holds about 64 bytes for each level it has open: 20 MB of `[` took it 1.4 GB. A
 * level of arrays costs the text one character; one of objects at least four (`{"":`), and a
 * text of as many empty objects side by side costs JSON.parse more than that nesting does, so
 * only `[` are counted. A text with more than one in this many characters is read for its
 * nesting before JSON.parse sees it. A batch of events has a `[` or two in all, so counting
 * them costs about one percent of the parse.
 */
const CHARACTERS_PER_BRACKET = 16;

export function mayNestDeeply(text: string): boolean {
  let allowed = text.length / CHARACTERS_PER_BRACKET;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) {
    if (--allowed < 0) return true;
  }
  return false;
}

/** The closing quote of the string whose opening quote is at `at`, or -1. */
function closingQuote(text: string, at: number): number {
  let close = text.indexOf('"', at + 1);
  for (;;) {
    if (close < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close;
    close = text.indexOf('"', close + 1);
  }
}

/** A stretch without brackets: anything but quotes and brackets, and whole strings (each read as runs between escapes, the faster form). */
const BETWEEN_BRACKETS = /(?:[^"{}[\]]+|"[^"\\]*(?:\\.[^"\\]*)*")*/y;

/**
 * Where to scan from for the first problem of a text whose first `limit` characters
 * JSON.parse read without fault: just past the last bracket, comma or colon before `limit`,
 * short of a string that never ends and of a level too deep. The brackets are followed by a
 * regular expression that jumps from one to the next over strings, which costs a fraction of
 * the token scan it spares; only the commas and colons after the last are looked at one by one.
 */
export function scanStartBefore(text: string, limit: number): ScanStart {
  const kinds = new Uint8Array(MAX_JSON_DEPTH);
  let depth = 0;
  let last = -1;
  let at = 0;
  for (;;) {
    BETWEEN_BRACKETS.lastIndex = at;
    BETWEEN_BRACKETS.exec(text);
    at = BETWEEN_BRACKETS.lastIndex;
    if (at >= limit) break;
    const code = text.charCodeAt(at);
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (depth === MAX_JSON_DEPTH) break;
      kinds[depth++] = code === OPEN_BRACE ? 1 : 0;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    } else {
      break; // a string that never ends
    }
    last = at++;
  }
  for (let after = last + 1; after < Math.min(at, limit); after++) {
    const code = text.charCodeAt(after);
    if (code === QUOTE) {
      after = closingQuote(text, after);
      if (after < 0) break;
    } else if (code === COMMA || code === COLON) {
      last = after;
    }
  }
  if (last < 0) return TEXT_START;
  const code = text.charCodeAt(last);
  const inObject = depth > 0 && kinds[depth - 1] === 1;
  let expected: Expected;
  if (code === OPEN_BRACE) expected = 'key-or-close';
  else if (code === OPEN_BRACKET) expected = 'value-or-close';
  else if (code === COLON) expected = 'value';
  else if (code === COMMA) expected = inObject ? 'key' : 'value';
  else expected = depth === 0 ? 'end' : 'comma-or-close';
  return { offset: last + 1, kinds, depth, expected };
}

/**
 * Where JSON.parse stopped, by its message: V8 says so for most errors, with the line and
 * column, and says when it read all of the text because it ends too soon. All it read before
 * is JSON. Anything else (its "Unexpected token" says no position, other engines say other
 * things) counts as having read nothing. The line is kept when it agrees with counting \n:
 * V8 also counts a \r alone, so not with a \r before it.
 */
function whereParsingStopped(reason: string, text: string): { readWithoutFault: number; anchor?: LineAnchor } {
  const stopped = /at position (\d+)(?: \(line (\d+) column (\d+)\))?/.exec(reason);
  if (!stopped) return { readWithoutFault: reason === 'Unexpected end of JSON input' ? text.length : 0 };
  const position = Math.min(Number(stopped[1]), text.length);
  if (stopped[2] === undefined) return { readWithoutFault: position };
  const line = Number(stopped[2]);
  const lineStart = position - Number(stopped[3]) + 1;
  const carriageReturn = text.indexOf('\r');
  const agrees = (carriageReturn === -1 || carriageReturn >= position) && lineStart >= 0 && text.lastIndexOf('\n', position - 1) === lineStart - 1;
  return agrees ? { readWithoutFault: position, anchor: { line, lineStart } } : { readWithoutFault: position };
}

export type BatchReading = { value: unknown; problem?: undefined } | { problem: SyntaxProblem };

/**
 * The JSON value of a batch text, or its first problem, with JSON.parse's memory in proportion
 * to the text. A value that nests too deep only where JSON.parse pays little for it (sparse
 * brackets) comes back as read: the caller measures its depth where it walks it anyway. A
 * text JSON.parse refuses is scanned for its problem from near where JSON.parse stopped, not
 * from its start: the token scan costs four JSON.parses of what it reads.
 */
export function readBatchJson(text: string): BatchReading {
  if (mayNestDeeply(text)) {
    const problem = findSyntaxProblem(text);
    if (problem) return { problem };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const reason = (error as Error).message;
    const { readWithoutFault, anchor } = whereParsingStopped(reason, text);
    const problem = findSyntaxProblem(text, scanStartBefore(text, readWithoutFault)) ?? {
      code: 'not-json',
      offset: text.length,
      length: 0,
      reason,
      message: `The text cannot be read as JSON: ${reason}`,
    };
    return { problem: anchor ? { ...problem, anchor } : problem };
  }
}
