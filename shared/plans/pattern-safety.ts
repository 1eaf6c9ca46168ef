/**
 * Whether a plan's `pattern` can be run on the values of a batch. JavaScript's regular
 * expressions backtrack, and a pattern like `^(a+)+$` takes longer than the age of the universe
 * on forty characters that almost match, with no way to stop it. So a pattern is refused when
 * it is not valid, or has one of the shapes of catastrophic backtracking:
 * - a repeated group holding a part that repeats itself, `(a+)+`, unless each round of the
 *   group holds a character its repeating parts cannot take, as in `(\.[a-z]+)*` (the "star
 *   height" test of the safe-regex tools, with that common idiom let through);
 * - a repeated group whose branches can start alike, `(a|ab)*`;
 * - three or more parts that can each take a varying number of the same characters, with no
 *   character between them that they cannot take, `^\d*\d*\d*x$` (cubic in the value's length).
 * The test is a cautious reading of the pattern's shape, not a proof: it may refuse a pattern
 * that would have run quickly, and says how to rewrite it. What it lets through backtracks at
 * worst quadratically, which the cap on the length of the values matched bounds.
 */

/** Longer values are not matched against a pattern, and are reported as not matching it. */
export const PATTERN_VALUE_CAP = 1000;

/** Parts in a row that may take the same characters, each a varying number of them: three is cubic. */
const MAX_VARYING_IN_A_ROW = 2;

type Matcher = (char: string) => boolean;

const ANY: Matcher = () => true;

interface Group {
  /** Something inside repeats (a quantifier with a maximum above 1). */
  repeats: boolean;
  /** What the parts inside that take a varying number of characters can take. */
  varying: Matcher[];
  /** Characters every round of the group must take, at its own level. */
  literals: string[];
  /** What each part inside can take. */
  parts: Matcher[];
  alternation: boolean;
  /** The first character of each branch when it is a plain one; null when it is not (a class, an escape, a group). */
  branchStarts: (string | null)[];
  branchStarted: boolean;
}

interface Atom {
  /** The end of the atom's text. */
  end: number;
  /** What one repetition of it can take. */
  matches: Matcher;
  /** The one character it stands for, when it is a literal. */
  literal: string | null;
  /** A group whose inside repeats without a delimiter, or whose branches may start alike. */
  risky: 'repeats' | 'branches' | null;
}

function newGroup(): Group {
  return { repeats: false, varying: [], literals: [], parts: [], alternation: false, branchStarts: [], branchStarted: false };
}

/** The end of the quantifier at `at` (after any lazy `?`) and its bounds, or null when none is there. */
function quantifierAt(source: string, at: number): { end: number; min: number; max: number } | null {
  const char = source[at];
  let end = at + 1;
  let min: number;
  let max: number;
  if (char === '*') [min, max] = [0, Infinity];
  else if (char === '+') [min, max] = [1, Infinity];
  else if (char === '?') [min, max] = [0, 1];
  else if (char === '{') {
    const bounds = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
    if (!bounds) return null;
    min = Number(bounds[1]);
    max = bounds[2] === undefined ? min : bounds[3] === '' ? Infinity : Number(bounds[3]);
    end = at + bounds[0].length;
  } else return null;
  return { end: source[end] === '?' ? end + 1 : end, min, max };
}

/** The end of the character class opening at `at`. */
function classEnd(source: string, at: number): number {
  let index = at + 1;
  while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

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

/** How far past `(` the group's own syntax goes: `?:`, `?=`, `?!`, `?<=`, `?<!`, `?<name>`. */
function groupPrefixEnd(source: string, at: number): number {
  if (source[at + 1] !== '?') return at + 1;
  if (/^\(\?<[=!]/.test(source.slice(at, at + 4))) return at + 4;
  if (source[at + 2] === '<') return source.indexOf('>', at) + 1;
  return at + 3;
}

function branchesMayStartAlike(starts: readonly (string | null)[]): boolean {
  if (starts.length < 2) return false;
  return starts.some((start) => start === null) || new Set(starts).size < starts.length;
}

/** What one character of `text` (a class, an escape, `.`) matches, tested with the engine itself. */
function matcherOf(text: string): Matcher {
  let regExp: RegExp | undefined;
  return (char) => (regExp ??= new RegExp(`^(?:${text})$`, 'u')).test(char);
}

/** The atom at `at` that is not a group, or null for one that takes no character (`^`, `$`, `\b`). */
function plainAtom(pattern: string, at: number): Atom | null {
  const char = pattern[at]!;
  if (char === '^' || char === '$') return null;
  if (char === '\\') {
    const end = escapeEnd(pattern, at);
    const next = pattern[at + 1]!;
    if (next === 'b' || next === 'B') return null;
    // An escaped punctuation mark (\. \- \/) is that character.
    const literal = /[A-Za-z0-9]/.test(next) ? null : next;
    return { end, matches: literal === null ? matcherOf(pattern.slice(at, end)) : (other) => other === literal, literal, risky: null };
  }
  if (char === '[') {
    const end = classEnd(pattern, at);
    return { end, matches: matcherOf(pattern.slice(at, end)), literal: null, risky: null };
  }
  if (char === '.') return { end: at + 1, matches: ANY, literal: null, risky: null };
  const literal = String.fromCodePoint(pattern.codePointAt(at)!);
  return { end: at + literal.length, matches: (other) => other === literal, literal, risky: null };
}

/** The atom a group makes once closed: risky when its inside repeats with nothing to delimit its rounds. */
function closedGroupAtom(closed: Group, end: number): Atom {
  const delimited = !closed.alternation && closed.literals.some((literal) => closed.varying.every((matches) => !matches(literal)));
  const risky = closed.repeats && !delimited ? 'repeats' : branchesMayStartAlike(closed.branchStarts) ? 'branches' : null;
  return { end, matches: (char) => closed.parts.some((matches) => matches(char)), literal: null, risky };
}

const NESTED = 'could backtrack catastrophically: a repeated group holds a part that repeats itself, as in (a+)+; repeat one of them only, or start each round with a character the inner part cannot take, as in (\\.[a-z]+)*';
const BRANCHES = 'could backtrack catastrophically: a repeated group has branches that can start with the same character, as in (a|ab)*; make the branches start differently, or use a character class';
const IN_A_ROW = `could backtrack catastrophically: more than ${MAX_VARYING_IN_A_ROW} repeated parts in a row can take the same characters, as in \\d*\\d*\\d*; merge them, or put a character between them that they cannot take`;

/** Why `pattern` is refused, or null when it can run. Read with the `u` flag, as Ajv compiles patterns. */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`;
  }
  const groups: Group[] = [newGroup()];
  // The parts in a row, across groups, that take a varying number of characters.
  let inARow: Matcher[] = [];
  let index = 0;
  while (index < pattern.length) {
    const group = groups.at(-1)!;
    const char = pattern[index]!;
    if (char === '(') {
      if (!group.branchStarted) group.branchStarts.push(null);
      group.branchStarted = true;
      groups.push(newGroup());
      index = groupPrefixEnd(pattern, index);
      continue;
    }
    if (char === '|') {
      if (!group.branchStarted) group.branchStarts.push(null);
      group.branchStarted = false;
      group.alternation = true;
      inARow = [];
      index++;
      continue;
    }
    let atom: Atom | null;
    if (char === ')') {
      const closed = groups.pop()!;
      if (!closed.branchStarted) closed.branchStarts.push(null);
      const parent = groups.at(-1)!;
      parent.repeats ||= closed.repeats;
      parent.varying.push(...closed.varying);
      parent.parts.push(...closed.parts);
      atom = closedGroupAtom(closed, index + 1);
    } else {
      atom = plainAtom(pattern, index);
      if (atom === null) {
        index = char === '\\' ? index + 2 : index + 1;
        continue;
      }
      if (!group.branchStarted) group.branchStarts.push(atom.literal);
      group.branchStarted = true;
    }
    const quantifier = quantifierAt(pattern, atom.end);
    const current = groups.at(-1)!;
    current.parts.push(atom.matches);
    if (quantifier) {
      if (quantifier.max > 1 && atom.risky === 'repeats') return NESTED;
      if (quantifier.max > 1 && atom.risky === 'branches') return BRANCHES;
      if (quantifier.max > quantifier.min) {
        current.varying.push(atom.matches);
        // A literal none of the parts before can take starts a row of its own.
        const literal = atom.literal;
        if (literal !== null && inARow.every((matches) => !matches(literal))) inARow = [];
        inARow.push(atom.matches);
        if (inARow.length > MAX_VARYING_IN_A_ROW) return IN_A_ROW;
      }
      if (quantifier.max > 1) current.repeats = true;
      index = quantifier.end;
      continue;
    }
    if (atom.literal !== null) {
      const literal = atom.literal;
      current.literals.push(literal);
      if (inARow.every((matches) => !matches(literal))) inARow = [];
    }
    index = atom.end;
  }
  return null;
}
