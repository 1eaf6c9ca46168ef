import type { SubmissionSummary } from '../../shared/submission.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** When a submission started, in local time. */
export const startedText = (submission: Pick<SubmissionSummary, 'startedAt'>) => timeFormat.format(new Date(submission.startedAt));

/** How long a finished send took ("0.4 s", "3 min 12 s"), or null while it runs. */
export function durationText(submission: Pick<SubmissionSummary, 'startedAt' | 'finishedAt'>): string | null {
  if (submission.finishedAt === null) return null;
  const seconds = Math.max(0, (new Date(submission.finishedAt).getTime() - new Date(submission.startedAt).getTime()) / 1000);
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export const eventsText = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'event' : 'events'}`;
