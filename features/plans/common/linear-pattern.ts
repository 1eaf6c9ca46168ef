import { RE2JS } from 're2js';

/**
 * A plan's `pattern` (ECMA-262 syntax, read with the `u` flag as Ajv reads it) as a matcher
 * that cannot backtrack: RE2 (the re2js port) runs in time linear in the value's length times
 * the pattern's size, whatever the pattern, so no shape of pattern can hang a check. A detector
 * of catastrophic shapes would always miss one; this makes them harmless instead.
 *
 * RE2 reads a few things differently from JavaScript; those are written out as JavaScript means
 * them (`.`, `\s`, `\S`, `[\b]`). What RE2 cannot run at all (backreferences, lookahead,
 * lookbehind, a few property names) is refused with the reason, and so is a pattern whose
 * compiled program passes MAX_PATTERN_PROGRAM, which bounds the time per character.
 */

/**
 * RE2's program size (about one instruction per character a pattern may take) past which a
 * pattern is refused: each character of a value costs at most this many steps. Common patterns
 * take 10 to 100; an e-mail address with counted lengths, `{1,64}@…{1,253}`, about 760.
 */
export const MAX_PATTERN_PROGRAM = 1000;

/** JavaScript's `\s`: ASCII and Unicode white space and line terminators (ECMA-262 WhiteSpace and LineTerminator). */
const SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** JavaScript's `.` without the `s` flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\u2028\\u2029]';

type Translation = { source: string } | { problem: string };

const LOOKAROUND =
  'uses a lookahead or lookbehind, (?=…), (?!…), (?<=…) or (?<!…), which a matcher that cannot backtrack does not run; match the characters themselves instead';
const BACKREFERENCE = 'uses a backreference, \\1 or \\k<name>, which a matcher that cannot backtrack does not run; spell out what the group may take instead';

/** The end of the escape at `at`: `\d`, `\.`, `\x41`, `\u0041`, `\u{1F600}`, `\p{L}`, `\k<name>`, `\cA`. */
function escapeEnd(source: string, at: number): number {
  const next = source[at + 1];
  if ((next === 'u' || next === 'p' || next === 'P') && source[at + 2] === '{') return source.indexOf('}', at) + 1;
  if (next === 'k' && source[at + 2] === '<') return source.indexOf('>', at) + 1;
  if (next === 'x') return at + 4;
  if (next === 'u') return at + 6;
  if (next === 'c') return at + 3;
  return at + 2;
}

/** The escape `text` as RE2 reads it with JavaScript's meaning, inside a character class or not; a string problem when it has none. */
function escapeFor(text: string, inClass: boolean): string | { problem: string } {
  const letter = text[1]!;
  if (letter === 'k' || /[1-9]/.test(letter)) return { problem: BACKREFERENCE };
  if (letter === 's') return inClass ? SPACE : `[${SPACE}]`;
  if (letter === 'S' && !inClass) return `[^${SPACE}]`;
  if (letter === 'b' && inClass) return '\\x08';
  return text;
}

/**
 * The character class opening at `at`, with its escapes written for RE2, and where it ends. A
 * `\S` in it (as in the idiom `[\s\S]`, any character) cannot be written inside RE2's class, so
 * such a class becomes an alternation: `(?:[…]|[^space])`; in a negated class it is refused.
 */
function classFor(pattern: string, at: number): { end: number; text: string } | { problem: string } {
  const negated = pattern[at + 1] === '^';
  let text = negated ? '[^' : '[';
  let index = negated ? at + 2 : at + 1;
  let nonSpace = false;
  while (index < pattern.length && pattern[index] !== ']') {
    if (pattern[index] !== '\\') {
      text += pattern[index++];
      continue;
    }
    const end = escapeEnd(pattern, index);
    const escape = pattern.slice(index, end);
    index = end;
    if (escape === '\\S') {
      if (negated) return { problem: 'uses \\S inside a negated character class, which the matcher cannot write out; use \\s instead' };
      nonSpace = true;
      continue;
    }
    const written = escapeFor(escape, true);
    if (typeof written !== 'string') return written;
    text += written;
  }
  const end = index + 1;
  if (!nonSpace) return { end, text: `${text}]` };
  return { end, text: text === '[' ? `[^${SPACE}]` : `(?:${text}]|[^${SPACE}])` };
}

/** `pattern` with what RE2 reads differently written out as JavaScript means it, or why it cannot be. `pattern` is valid JavaScript. */
function translate(pattern: string): Translation {
  let source = '';
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index]!;
    if (char === '\\') {
      const end = escapeEnd(pattern, index);
      const escape = escapeFor(pattern.slice(index, end), false);
      if (typeof escape !== 'string') return escape;
      source += escape;
      index = end;
    } else if (char === '[') {
      const found = classFor(pattern, index);
      if ('problem' in found) return found;
      source += found.text;
      index = found.end;
    } else if (char === '(' && /^\(\?<?[=!]/.test(pattern.slice(index, index + 4))) {
      return { problem: LOOKAROUND };
    } else {
      source += char === '.' ? DOT : char;
      index++;
    }
  }
  return { source: RE2JS.translateRegExp(source) };
}

/** What is known of patterns by their text: a plan repeats the same patterns across its kinds, and is loaded again on each edit. */
const KEPT_PROBLEMS = 65_536;
/** Compiled matchers weigh tens of kilobytes each: a few are kept, for the patterns in use. */
const KEPT_MATCHERS = 512;
const problems = new Map<string, string | null>();
const matchers = new Map<string, RE2JS>();

function keep<T>(map: Map<string, T>, limit: number, key: string, value: T): T {
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
  return value;
}

function compile(pattern: string): RE2JS | { problem: string } {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return { problem: `is not a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})` };
  }
  const translated = translate(pattern);
  if ('problem' in translated) return translated;
  let matcher: RE2JS;
  try {
    matcher = RE2JS.compile(translated.source);
  } catch (error) {
    return { problem: `uses syntax a matcher that cannot backtrack does not take (${(error as Error).message.replace(/^error parsing regexp: /, '')})` };
  }
  if (matcher.programSize() > MAX_PATTERN_PROGRAM) {
    return {
      problem: `is too large to match quickly: it compiles to ${matcher.programSize()} steps per character, more than the ${MAX_PATTERN_PROGRAM} allowed; use smaller counted repetitions ({1,64} rather than {1,1000})`,
    };
  }
  return matcher;
}

/** The linear-time matcher of `pattern`, or why it has none. */
export function linearPattern(pattern: string): RE2JS | { problem: string } {
  const known = problems.get(pattern);
  if (typeof known === 'string') return { problem: known };
  const kept = matchers.get(pattern);
  if (kept) return kept;
  const found = compile(pattern);
  keep(problems, KEPT_PROBLEMS, pattern, 'problem' in found ? found.problem : null);
  if ('problem' in found) return found;
  return keep(matchers, KEPT_MATCHERS, pattern, found);
}

/** Why `pattern` cannot be checked, or null when it can. */
export function patternProblem(pattern: string): string | null {
  const known = problems.get(pattern);
  if (known !== undefined) return known;
  const found = linearPattern(pattern);
  return 'problem' in found ? found.problem : null;
}
