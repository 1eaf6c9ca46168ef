import path from 'node:path';
import { AppError } from '../../base/common/errors.ts';
import { claimSubmission } from '../../features/history/node/send-claims.ts';
import type { NewSubmission, SubmissionStore } from '../../features/history/node/submissions.ts';

/** What the history store's tests share: a submission to record, three chunks, an error's code. */

export const input = (overrides: Partial<NewSubmission> = {}): NewSubmission => ({
  environmentId: 'env-staging',
  environmentName: 'Staging',
  environmentColor: '#f59e0b',
  baseUrl: 'https://staging.example.com',
  headers: { apiKey: '••••1234', Authorization: 'Bearer ••••' },
  batch: '[{"token":"a"},{"token":"b"},{"token":"c"},{"token":"d"},{"token":"e"},{"token":"f"}]',
  eventCount: 6,
  batchHash: 'hash-1',
  startedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

/** Three chunks of two events: [0,2) [2,4) [4,6). */
export const threeChunks = [
  { firstEvent: 0, eventCount: 2 },
  { firstEvent: 2, eventCount: 2 },
  { firstEvent: 4, eventCount: 2 },
];

/** Claims a submission for this process, as a send under way does: the store shows it as sending (not interrupted) while claimed. */
export function sendingHere(store: SubmissionStore, id: string): { release(): void } {
  const claim = claimSubmission(path.dirname(store.file), id);
  if (!claim.ok) throw new Error(`process ${claim.pid} holds ${id}`);
  return claim;
}

export function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.code : `not an AppError: ${String(error)}`;
  }
  return undefined;
}

export const ranges = (chunks: { firstEvent: number; eventCount: number }[]) => chunks.map((c) => [c.firstEvent, c.eventCount]);
