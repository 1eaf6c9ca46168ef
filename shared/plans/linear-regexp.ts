import { linearPattern } from './linear-pattern.ts';

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
  const matcher = linearPattern(pattern);
  if ('problem' in matcher) throw new Error(`the pattern ${pattern} ${matcher.problem}`);
  // Ajv keys the compiled patterns it shares by their text.
  return { test: (value: string) => matcher.test(value), toString: () => `/${pattern}/u` };
}
// How Ajv's standalone code names the engine: by this module's export.
linearRegExp.code = `require(${JSON.stringify(LINEAR_REGEXP_MODULE)}).linearRegExp`;
