import { PATTERN_VALUE_CAP, patternProblem } from './pattern-safety.ts';

/**
 * The regular expressions plan validators match with, bounded: a pattern that could backtrack
 * catastrophically is refused (pattern-safety.ts; the plan's check names it first), and a value
 * past PATTERN_VALUE_CAP is not matched, so it fails the pattern without running it. Ajv
 * compiles plans with it in Node, and the standalone validators the editor's worker runs call
 * it by CAPPED_REGEXP_MODULE, so both match the same way.
 */

/** The module name standalone validator code requires this from; the worker's table answers it. */
export const CAPPED_REGEXP_MODULE = 'eventdesk/capped-regexp';

export function cappedRegExp(pattern: string, flags: string) {
  const problem = patternProblem(pattern);
  if (problem) throw new Error(`the pattern ${pattern} ${problem}`);
  const regExp = new RegExp(pattern, flags);
  // Ajv keys the compiled patterns it shares by their text.
  return { test: (value: string) => value.length <= PATTERN_VALUE_CAP && regExp.test(value), toString: () => String(regExp) };
}
// How Ajv's standalone code names the engine: by this module's export.
cappedRegExp.code = `require(${JSON.stringify(CAPPED_REGEXP_MODULE)}).cappedRegExp`;
