import type { RE2JS } from 're2js';
import { linearPattern, patternProblem } from './linear-pattern.ts';

/**
 * The regular expressions plan validators match with: RE2, which cannot backtrack
 * (linear-pattern.ts). A pattern it cannot run is refused (the plan's check names it first).
 * Ajv compiles plans with it in Node, and the standalone validators the editor's worker runs
 * call it by LINEAR_REGEXP_MODULE, so both match the same way: the worker bundles it, as it is
 * plain JavaScript that evaluates nothing from a string, so the renderer's CSP holds.
 */

/** The module name standalone validator code requires this from; the worker's table answers it. */
export const LINEAR_REGEXP_MODULE = 'eventdesk/linear-regexp';

export function linearRegExp(pattern: string, flags: string) {
  // Ajv asks for `u` only (its unicodeRegExp default), which RE2 always is.
  if (flags !== 'u') throw new Error(`the pattern ${pattern} is asked for with flags "${flags}"; only "u" is supported`);
  const problem = patternProblem(pattern);
  if (problem) throw new Error(`the pattern ${pattern} ${problem}`);
  // Compiled again at its first value: a big plan names thousands of patterns, most of them never
  // run in a session, and a compiled one weighs tens of kilobytes.
  let matcher: RE2JS | undefined;
  // Ajv keys the compiled patterns it shares by their text.
  return { test: (value: string) => (matcher ??= linearPattern(pattern) as RE2JS).test(value), toString: () => `/${pattern}/u` };
}
// How Ajv's standalone code names the engine: by this module's export.
linearRegExp.code = `require(${JSON.stringify(LINEAR_REGEXP_MODULE)}).linearRegExp`;
