import { sendingTime, type SubmissionSummary } from '../../../features/history/common/submission.ts';
import { formatDateTime } from '../time-format.ts';

/** When a submission started, in local time. */
export const startedText = (submission: Pick<SubmissionSummary, 'startedAt'>) => formatDateTime(submission.startedAt);

/** How long a send took, every run but not the pauses between ("0.4 s", "3 min 12 s"), or null when not known (see sendingTime). */
export function durationText(submission: Pick<SubmissionSummary, 'finishedAt' | 'sendingMs' | 'status'>): string | null {
  const ms = sendingTime(submission);
  return ms === null ? null : elapsedText(ms);
}

/** A length of time as people read it: "0.4 s", "3 min 12 s". */
export function elapsedText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export const eventsText = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'event' : 'events'}`;
