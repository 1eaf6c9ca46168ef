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
  /**
   * What is wrong, in words that follow "not valid JSON at <place>: " in any reader's frame
   * (the sandbox's 400, an import's message): no position, nothing about batches.
   */
  reason: string;
  /** The problem as the editor and `validate` show it: a sentence about the batch text. */
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

const EMPTY_MESSAGE = 'The text is empty: a batch is a JSON array of events, [ { … }, { … } ].';
/** The reason of a level too deep, for a reader that frames it as it frames a syntax error. */
const TOO_DEEP_REASON = TOO_DEEP_MESSAGE.replace(/\.$/, '');

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
    const reason = (error as Error).message;
    return { problem: findSyntaxProblem(text) ?? { code: 'not-json', offset: text.length, length: 0, reason, message: `The text cannot be read as JSON: ${reason}` } };
  }
}
