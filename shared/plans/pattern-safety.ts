/**
 * Whether a plan's `pattern` can be run on the values of a batch. JavaScript's regular
 * expressions backtrack, and a pattern like `^(a+)+$` takes longer than the age of the universe
 * on forty characters that almost match, with no way to stop it. So a pattern is refused when
 * it is not valid, or when a repeated group holds something that repeats itself (`(a+)+`) or
 * branches that can start alike (`(a|ab)*`): the shapes of catastrophic backtracking (the
 * "star height" test of the safe-regex tools). What remains backtracks at worst polynomially,
 * which a cap on the length of the values matched bounds.
 */

/** Longer values are not matched against a pattern, and are reported as not matching it. */
export const PATTERN_VALUE_CAP = 1000;

interface Group {
  /** Something inside repeats (a quantifier with a maximum above 1). */
  repeats: boolean;
  /** The first character of each branch when it is a plain one; null when it is not (a class, an escape, a group). */
  branchStarts: (string | null)[];
  /** Whether the current branch has its first atom yet. */
  branchStarted: boolean;
}

interface Atom {
  /** A group whose inside repeats, or whose branches may start alike. */
  risky: 'repeats' | 'branches' | null;
}

/** The end of the quantifier at `at` (after any lazy `?`) and whether it allows more than one, or null when none is there. */
function quantifierAt(source: string, at: number): { end: number; repeats: boolean } | null {
  const char = source[at];
  let end: number;
  let repeats: boolean;
  if (char === '*' || char === '+') [end, repeats] = [at + 1, true];
  else if (char === '?') [end, repeats] = [at + 1, false];
  else if (char === '{') {
    const bounds = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
    if (!bounds) return null;
    const max = bounds[2] === undefined ? Number(bounds[1]) : bounds[3] === '' ? Infinity : Number(bounds[3]);
    [end, repeats] = [at + bounds[0].length, max > 1];
  } else return null;
  return { end: source[end] === '?' ? end + 1 : end, repeats };
}

/** The end of the character class opening at `at`. */
function classEnd(source: string, at: number): number {
  let index = at + 1;
  while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** How far past `(` the group's own syntax goes: `?:`, `?=`, `?!`, `?<=`, `?<!`, `?<name>`. */
function groupPrefixEnd(source: string, at: number): number {
  if (source[at + 1] !== '?') return at + 1;
  const lookbehind = /^\(\?<[=!]/.exec(source.slice(at, at + 4));
  if (lookbehind) return at + 4;
  if (source[at + 2] === '<') return source.indexOf('>', at) + 1;
  return at + 3;
}

function branchesMayStartAlike(starts: readonly (string | null)[]): boolean {
  if (starts.length < 2) return false;
  return starts.some((start) => start === null) || new Set(starts).size < starts.length;
}

/** Why `pattern` is refused, or null when it can run. Read with the `u` flag, as Ajv compiles patterns. */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`;
  }
  const groups: Group[] = [{ repeats: false, branchStarts: [], branchStarted: false }];
  let last: Atom | null = null;
  let index = 0;
  const startBranch = (group: Group, first: string | null) => {
    if (group.branchStarted) return;
    group.branchStarts.push(first);
    group.branchStarted = true;
  };
  while (index < pattern.length) {
    const group = groups.at(-1)!;
    const char = pattern[index]!;
    const quantifier = quantifierAt(pattern, index);
    if (quantifier && last) {
      if (quantifier.repeats) {
        if (last.risky === 'repeats') return 'could backtrack catastrophically: a repeated group holds a part that repeats itself, as in (a+)+; repeat one of them only';
        if (last.risky === 'branches') return 'could backtrack catastrophically: a repeated group has branches that can start with the same character, as in (a|ab)*; make the branches start differently, or use a character class';
        group.repeats = true;
      }
      index = quantifier.end;
      last = null;
      continue;
    }
    if (char === '(') {
      startBranch(group, null);
      groups.push({ repeats: false, branchStarts: [], branchStarted: false });
      index = groupPrefixEnd(pattern, index);
      last = null;
      continue;
    }
    if (char === ')') {
      const closed = groups.pop()!;
      if (!closed.branchStarted) closed.branchStarts.push(null);
      const parent = groups.at(-1)!;
      if (closed.repeats) parent.repeats = true;
      last = { risky: closed.repeats ? 'repeats' : branchesMayStartAlike(closed.branchStarts) ? 'branches' : null };
      index++;
      continue;
    }
    if (char === '|') {
      if (!group.branchStarted) group.branchStarts.push(null);
      group.branchStarted = false;
      last = null;
      index++;
      continue;
    }
    const plain = !'\\[.^$'.includes(char);
    startBranch(group, plain ? char : null);
    index = char === '\\' ? index + 2 : char === '[' ? classEnd(pattern, index) : index + 1;
    last = char === '^' || char === '$' ? null : { risky: null };
  }
  return null;
}
