import { parseTree, findNodeAtLocation, type JSONPath } from 'jsonc-parser';
import type { Diagnostic, QuickFix, ValidationRules } from '../../../features/validation/common/validation.ts';
import { DEFAULT_RULES } from '../../../features/validation/common/validation.ts';

export { validEvent } from '../../fixtures/events.ts';

/** What the validation tests share: a fixed "now", a valid event, and an independent reading of positions. */

export const NOW = new Date('2026-06-01T12:00:00Z');
export const RULES: ValidationRules = { ...DEFAULT_RULES, now: NOW };

/** The offset of a 1-based line and column, lines ended by \n (a \r before it belongs to its line). */
export function offsetAt(text: string, line: number, column: number): number {
  let start = 0;
  for (let current = 1; current < line; current++) start = text.indexOf('\n', start) + 1;
  return start + column - 1;
}

export function applyFix(text: string, fix: QuickFix): string {
  // Later edits first, so earlier offsets still hold.
  const edits = fix.edits
    .map((edit) => ({ ...edit, start: offsetAt(text, edit.line, edit.column), end: offsetAt(text, edit.endLine, edit.endColumn) }))
    .sort((a, b) => b.start - a.start);
  return edits.reduce((result, edit) => result.slice(0, edit.start) + edit.text + result.slice(edit.end), text);
}

/** The text a diagnostic underlines. */
export function marked(text: string, diagnostic: Diagnostic): string {
  return text.slice(offsetAt(text, diagnostic.line, diagnostic.column), offsetAt(text, diagnostic.endLine, diagnostic.endColumn));
}

/** The 1-based line of the value at `path`, read by jsonc-parser's tree: a second opinion on our positions. */
export function lineOfValue(text: string, path: JSONPath): number {
  const node = findNodeAtLocation(parseTree(text)!, path);
  if (!node) throw new Error(`No value at ${path.join('/')}`);
  return text.slice(0, node.offset).split('\n').length;
}
