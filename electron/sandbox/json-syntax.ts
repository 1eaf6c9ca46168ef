/**
 * Finds where a JSON text first goes wrong, and why. JSON.parse does not say where for every
 * error (V8's "Unexpected token 'x', ..." names no position), and a client needs a line and a
 * column to fix its body. This runs only once JSON.parse has failed, and only on text whose
 * nesting is already bounded.
 */

export interface JsonSyntaxError {
  /** In UTF-16 code units, as editors count columns. */
  offset: number;
  reason: string;
}

type Expected = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const LITERALS = ['true', 'false', 'null'];

function describe(character: string): string {
  return /^[\x21-\x7e]$/.test(character) ? `'${character}'` : `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The end of the string starting at `start` (a quote), or the error inside it. */
function scanString(text: string, start: number): number | JsonSyntaxError {
  for (let index = start + 1; index < text.length; index++) {
    const character = text[index]!;
    if (character === '"') return index + 1;
    if (character === '\\') {
      ESCAPE.lastIndex = index;
      if (!ESCAPE.test(text)) return { offset: index, reason: 'a bad escape sequence in a string' };
      index = ESCAPE.lastIndex - 1;
    } else if (character < ' ') {
      return { offset: index, reason: `a control character (${describe(character)}) in a string` };
    }
  }
  return { offset: text.length, reason: 'an unterminated string' };
}

/** The end of the value starting at `start`, when it is a string, number or literal. */
function scanScalar(text: string, start: number): number | JsonSyntaxError {
  const character = text[start]!;
  if (character === '"') return scanString(text, start);
  if (character === '-' || (character >= '0' && character <= '9')) {
    NUMBER.lastIndex = start;
    return NUMBER.test(text) ? NUMBER.lastIndex : { offset: start, reason: 'an invalid number' };
  }
  const literal = LITERALS.find((word) => text.startsWith(word, start));
  return literal ? start + literal.length : { offset: start, reason: `an unexpected character ${describe(character)}` };
}

export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const open: string[] = [];
  let expected: Expected = 'value';
  let index = 0;
  const afterValue = (): Expected => (open.length === 0 ? 'end' : 'comma-or-close');

  // Every turn consumes at least one character or returns.
  while (index <= text.length) {
    while (index < text.length && WHITESPACE.has(text[index]!)) index++;
    if (index === text.length) return expected === 'end' ? null : { offset: index, reason: 'an unexpected end of the input' };
    const character = text[index]!;
    const closing = open.at(-1) === '[' ? ']' : '}';

    if (expected === 'end') return { offset: index, reason: `${describe(character)} after the end of the JSON value` };
    if (expected === 'colon') {
      if (character !== ':') return { offset: index, reason: `${describe(character)} where ':' should follow a property name` };
      index++;
      expected = 'value';
    } else if (expected === 'comma-or-close') {
      if (character !== ',' && character !== closing) return { offset: index, reason: `${describe(character)} where ',' or '${closing}' should be` };
      index++;
      if (character === ',') {
        expected = closing === ']' ? 'value' : 'key';
      } else {
        open.pop();
        expected = afterValue();
      }
    } else if ((expected === 'value-or-close' && character === ']') || (expected === 'key-or-close' && character === '}')) {
      open.pop();
      index++;
      expected = afterValue();
    } else if (expected === 'key' || expected === 'key-or-close') {
      if (character !== '"') return { offset: index, reason: `${describe(character)} where a double-quoted property name should be` };
      const end = scanString(text, index);
      if (typeof end !== 'number') return end;
      index = end;
      expected = 'colon';
    } else if (character === '[' || character === '{') {
      open.push(character);
      index++;
      expected = character === '[' ? 'value-or-close' : 'key-or-close';
    } else {
      const end = scanScalar(text, index);
      if (typeof end !== 'number') return end;
      index = end;
      expected = afterValue();
    }
  }
  return null;
}
