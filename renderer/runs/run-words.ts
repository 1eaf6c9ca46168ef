import type { RunCounts } from '../../features/runs/common/run-result.ts';

/** How the Runs view says a status: a sign read alongside the word, never alone. */
export const STATUS_WORDS = {
  running: { sign: '…', word: 'running' },
  passed: { sign: '✓', word: 'passed' },
  failed: { sign: '✕', word: 'failed' },
  skipped: { sign: '–', word: 'skipped' },
  broken: { sign: '!', word: 'broken' },
  missing: { sign: '', word: 'not run' },
} as const;

export type StatusWord = keyof typeof STATUS_WORDS;

/** "2 passed, 1 failed": the steps by status, the empty ones left out. */
export function countsText(counts: RunCounts): string {
  const parts = (['passed', 'failed', 'skipped'] as const).filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${status}`);
  return parts.length > 0 ? parts.join(', ') : 'no step ran';
}

/** A step as people number it: from 1, with its data row when it has one. */
export function stepLabel(step: { index: number; row: number | null; name: string }): string {
  return `Step ${step.index + 1}${step.row === null ? '' : `, row ${step.row}`}: ${step.name}`;
}
