import type { CapturedEventRow } from '../../../shared/capture-events.ts';
import { plural } from '../../../shared/plural.ts';

/**
 * An event's verdict in words with a sign, never by colour alone: "✓ accepted", "✕ refused: 2
 * problems", "✕ refused with its request" (its own fields were fine, another event's were not),
 * and the plan's findings beside it: "⚠ 1 plan warning".
 */
export function verdictText(row: Pick<CapturedEventRow, 'verdict' | 'problemCount'>): string {
  if (row.verdict === 'accepted') return '✓ accepted';
  return row.problemCount > 0 ? `✕ refused: ${plural(row.problemCount, 'problem')}` : '✕ refused with its request';
}

export function violationsText(row: Pick<CapturedEventRow, 'violations'>): string | null {
  if (row.violations.length === 0) return null;
  const errors = row.violations.filter((violation) => violation.severity === 'error').length;
  const warnings = row.violations.length - errors;
  const parts = [errors > 0 ? plural(errors, 'plan error') : '', warnings > 0 ? plural(warnings, 'plan warning') : ''].filter((part) => part !== '');
  return `⚠ ${parts.join(', ')}`;
}
