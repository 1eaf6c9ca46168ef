import { createScanner } from 'jsonc-parser';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../json-nesting.ts';

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
  message: string;
}

/** jsonc-parser's SyntaxKind and ScanError values: its const enums cannot be read under type stripping. */
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, comma: 5, colon: 6, null: 7, true: 8, false: 9, string: 10, number: 11, lineComment: 12, blockComment: 13, lineBreak: 14, space: 15, unknown: 16, end: 17 } as const;
const SCAN_ERROR_NONE = 0;

type Expected = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const WHAT_WAS_EXPECTED: Record<Exclude<Expected, 'comma-or-close' | 'end'>, string> = {
  value: 'a value (an object, array, string, number, true, false or null)',
  'value-or-close': "a value or ']'",
  key: 'a field name in double quotes',
  'key-or-close': "a field name in double quotes or '}'",
  colon: "':' after the field name",
};

function quoteToken(token: string): string {
  const shown = token.length > 20 ? `${token.slice(0, 20)}…` : token;
  return /^[\x21-\x7e]+$/.test(shown) ? `'${shown}'` : JSON.stringify(shown);
}

/** Inside a string token that the scanner flagged, the offset of the bad escape or control character. */
function badCharacterIn(text: string, start: number, end: number): SyntaxProblem {
  for (let index = start + 1; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) {
      if (!/^(["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(text.slice(index + 1, index + 6))) {
        return { code: 'not-json', offset: index, length: 2, message: 'The text is not valid JSON: a string has a bad escape; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX.' };
      }
      index++;
    } else if (code < 0x20) {
      return { code: 'not-json', offset: index, length: 1, message: 'The text is not valid JSON: a string contains a line break or control character; write it as \\n, \\t or \\uXXXX.' };
    }
  }
  return { code: 'not-json', offset: end, length: 0, message: 'The text is not valid JSON: a string is not closed with a double quote.' };
}

/** Open brackets, one byte each (1 for an object), up to MAX_JSON_DEPTH of them. */
function bracketStack() {
  const kinds = new Uint8Array(MAX_JSON_DEPTH);
  let depth = 0;
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

/** The first syntax error or level too deep in `text`, or null for JSON nested at most MAX_JSON_DEPTH deep. */
export function findSyntaxProblem(text: string): SyntaxProblem | null {
  const scanner = createScanner(text, false);
  const open = bracketStack();
  let expected: Expected = 'value';
  let seenAnything = false;
  const afterValue = (): Expected => (open.depth === 0 ? 'end' : 'comma-or-close');

  for (;;) {
    const kind = scanner.scan();
    if (kind === TOKEN.space || kind === TOKEN.lineBreak) continue;
    const offset = scanner.getTokenOffset();
    const length = scanner.getTokenLength();
    const token = text.slice(offset, offset + length);
    if (kind === TOKEN.end) {
      if (expected === 'end') return null;
      if (!seenAnything) return { code: 'not-json', offset, length: 0, message: 'The text is empty: a batch is a JSON array of events, [ { … }, { … } ].' };
      const missing = expected === 'comma-or-close' ? `',' or '${open.topIsObject() ? '}' : ']'}'` : WHAT_WAS_EXPECTED[expected];
      return { code: 'not-json', offset, length: 0, message: `The text is not valid JSON: it ends where ${missing} should be.` };
    }
    seenAnything = true;
    if (kind === TOKEN.lineComment || kind === TOKEN.blockComment) return { code: 'not-json', offset, length, message: 'The text is not valid JSON: JSON has no comments; remove this one.' };
    if (kind === TOKEN.string && scanner.getTokenError() !== SCAN_ERROR_NONE) return badCharacterIn(text, offset, offset + length);
    if (kind === TOKEN.number && scanner.getTokenError() !== SCAN_ERROR_NONE) return { code: 'not-json', offset, length, message: `The text is not valid JSON: ${quoteToken(token)} is not a number.` };

    const closing = open.topIsObject() ? TOKEN.closeBrace : TOKEN.closeBracket;
    const unexpected = (what: string): SyntaxProblem => ({ code: 'not-json', offset, length, message: `The text is not valid JSON: expected ${what}, found ${quoteToken(token)}.` });

    if (expected === 'end') return { code: 'not-json', offset, length, message: `The text is not valid JSON: there is more after the end of the JSON, starting with ${quoteToken(token)}.` };
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
      expected = 'colon';
    } else if (kind === TOKEN.openBrace || kind === TOKEN.openBracket) {
      if (open.isFull) return { code: 'json-too-deep', offset, length, message: TOO_DEEP_MESSAGE };
      open.push(kind === TOKEN.openBrace);
      expected = kind === TOKEN.openBrace ? 'key-or-close' : 'value-or-close';
    } else if (kind === TOKEN.string || kind === TOKEN.number || kind === TOKEN.null || kind === TOKEN.true || kind === TOKEN.false) {
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

function mayNestDeeply(text: string): boolean {
  let allowed = text.length / CHARACTERS_PER_BRACKET;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) {
    if (--allowed < 0) return true;
  }
  return false;
}

export type BatchReading = { value: unknown; problem?: undefined } | { problem: SyntaxProblem };

/**
 * The JSON value of a batch text, or its first problem, with JSON.parse's memory in proportion
 * to the text. A value that nests too deep only where JSON.parse pays little for it (sparse
 * brackets) comes back as read: the caller measures its depth where it walks it anyway.
 */
export function readBatchJson(text: string): BatchReading {
  if (mayNestDeeply(text)) {
    const problem = findSyntaxProblem(text);
    if (problem) return { problem };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: findSyntaxProblem(text) ?? { code: 'not-json', offset: text.length, length: 0, message: `The text cannot be read as JSON: ${(error as Error).message}` } };
  }
}
