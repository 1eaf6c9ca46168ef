import type { CapturedEventRow } from '../../../features/capture/common/capture-events.ts';
import type { ForwardFailure } from '../../../features/sandbox/common/sandbox.ts';
import { plural } from '../../../base/common/plural.ts';

/** Why a forwarding sandbox could not deliver an event, in a few words. */
const FAILURE_WORDS: Record<ForwardFailure, string> = {
  'upstream-unreachable': 'upstream unreachable',
  'upstream-timeout': 'upstream timed out',
  'upstream-reset': 'upstream closed the connection',
  'upstream-not-http': 'upstream answered garbage',
  'upstream-tls': 'upstream refused a secure connection',
  'upstream-answer-too-large': "upstream's answer too large",
  'bodies-over-budget': 'sandbox out of memory for bodies',
};

/**
 * An event's verdict in words with a sign, never by colour alone: "✓ accepted", "✕ refused: 2
 * problems", "✕ refused with its request" (its own fields were fine, another event's were not),
 * "⊘ not delivered: upstream timed out" (forwarding, nobody judged it), and the plan's findings
 * beside it: "⚠ 1 plan warning".
 */
export function verdictText(row: Pick<CapturedEventRow, 'verdict' | 'failure' | 'problemCount'>): string {
  if (row.verdict === 'accepted') return '✓ accepted';
  if (row.verdict === 'undelivered') return `⊘ not delivered: ${FAILURE_WORDS[row.failure ?? 'upstream-unreachable']}`;
  return row.problemCount > 0 ? `✕ refused: ${plural(row.problemCount, 'problem')}` : '✕ refused with its request';
}

export function violationsText(row: Pick<CapturedEventRow, 'violations'>): string | null {
  if (row.violations.length === 0) return null;
  const errors = row.violations.filter((violation) => violation.severity === 'error').length;
  const warnings = row.violations.length - errors;
  const parts = [errors > 0 ? plural(errors, 'plan error') : '', warnings > 0 ? plural(warnings, 'plan warning') : ''].filter((part) => part !== '');
  return `⚠ ${parts.join(', ')}`;
}
