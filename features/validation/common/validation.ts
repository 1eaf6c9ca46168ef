import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';
import { checkBatch, checkContext, deepestEvent, mayRepeatKeys, originalsOf } from './batch-checks.ts';
import { layOutBatch, repeatsByEvent } from './batch-layout.ts';
import type { Diagnostic } from './diagnostic.ts';
import { BYTE_ORDER_MARK, diagnosticsIn, eventFindings, readBatch, syntaxFinding, type Finding } from './findings.ts';
import type { ValidationRules } from '../../environments/common/rules.ts';
import { findSyntaxProblem } from './syntax.ts';

/**
 * Validation of a batch text (docs/service-api.md §2.3) as the editor, the form and the command line
 * show it: every diagnostic with its JSON pointer, its place in the text and, where one is
 * obvious, a quick fix. Positions are 1-based, columns in UTF-16 code units, counted after a
 * byte order mark as editors show the text; a CRLF ends one line.
 */

export type { Diagnostic, QuickFix, TextEdit } from './diagnostic.ts';
export {
  DEFAULT_RULES,
  rulesFor,
  WARNING_CODES,
  type RuleSeverity,
  type Severity,
  type ValidationRules,
  type WarningCode,
} from '../../environments/common/rules.ts';

/**
 * The codes of a text that is no batch at all (not JSON, nested deeper than any service takes,
 * not an array, empty): there is nothing to send, anyway or not.
 */
export const UNSENDABLE_CODES: ReadonlySet<string> = new Set(['not-json', 'json-too-deep', 'not-an-array', 'empty-batch']);

export interface ValidationResult {
  /** The parsed batch, whenever the text is a JSON array. */
  events?: unknown[];
  diagnostics: Diagnostic[];
}

/** The findings of a parsed batch, event by event in text order. */
function batchFindings(text: string, events: readonly unknown[], rules: ValidationRules): Finding[] {
  const checks = checkBatch(events, checkContext(rules));
  // The batch's array is a level above its events. The text nests at least as deep as the
  // batch read from it, so its scan finds the bracket; it is the one problem then, as when
  // JSON.parse is not even tried (see readBatchJson).
  if (1 + deepestEvent(checks) > MAX_JSON_DEPTH) return [syntaxFinding(findSyntaxProblem(text)!)];
  const originals = originalsOf(events, checks, rules);
  const withFindings = new Set(checks.problems.keys());
  for (let index = 0; index < originals.length; index++) if (originals[index]! >= 0) withFindings.add(index);
  let lastWithFindings = -1;
  for (const index of withFindings) lastWithFindings = Math.max(lastWithFindings, index);
  // Placing a diagnostic needs only the events up to it laid out; finding repeated keys needs all.
  const findRepeats = mayRepeatKeys(text, events, checks, rules);
  const layout = layOutBatch(text, events, findRepeats ? events.length : lastWithFindings + 1, findRepeats);
  const repeats = repeatsByEvent(layout.repeatedKeys);
  for (const index of repeats.keys()) withFindings.add(index);
  return [...withFindings]
    .sort((a, b) => a - b)
    .flatMap((index) =>
      eventFindings(text, index, layout.starts[index]!, layout.ends[index]!, checks.problems.get(index), originals[index]!, repeats.get(index) ?? []),
    );
}

export function validateBatch(text: string, rules: ValidationRules): ValidationResult {
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const batch = readBatch(body);
  const diagnostics = diagnosticsIn(body, batch.finding ? [batch.finding] : batchFindings(body, batch.events, rules), rules);
  return batch.events ? { events: batch.events, diagnostics } : { diagnostics };
}
