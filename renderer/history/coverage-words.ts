import type { HistoryFilter } from '../../features/history/common/history.ts';
import { formatTime } from '../base/time-format.ts';

/** How the coverage panel says which submissions it read: the filter, in words. */

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant in local time: the day alone at midnight (what the date fields set), else the day and the minute on the locale's clock. */
function localText(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0
    ? day
    : `${day} ${formatTime(date, 'minute')}`;
}

/** The end of a range is exclusive: at midnight it says the day before, which it includes. */
function endText(iso: string): { text: string; through: boolean } {
  const end = new Date(iso);
  const text = localText(end);
  if (text.includes(' ')) return { text, through: false };
  end.setDate(end.getDate() - 1);
  return { text: localText(end), through: true };
}

/** "Submissions sent 2026-11-19 to 2026-11-20", "… since …", "… before 2026-11-20 15:00", or "All submissions". */
export function rangeText(filter: Pick<HistoryFilter, 'from' | 'to'>): string {
  const from = filter.from === null ? null : localText(new Date(filter.from));
  const to = filter.to === null ? null : endText(filter.to);
  if (from !== null && to !== null) return `Submissions sent ${from} ${to.through ? 'to' : 'up to'} ${to.text}`;
  if (from !== null) return `Submissions sent since ${from}`;
  if (to !== null) return `Submissions sent ${to.through ? 'until the end of' : 'before'} ${to.text}`;
  return 'All submissions';
}

/** The filter's other parts, each as a short phrase: "environment QA", "status failed or partial", "search “cust-4”". */
export function narrowingText(filter: HistoryFilter, environmentName: (id: string) => string): string[] {
  const parts: string[] = [];
  if (filter.environmentIds.length > 0) parts.push(`environment ${filter.environmentIds.map(environmentName).join(' or ')}`);
  if (filter.statuses.length > 0) parts.push(`status ${filter.statuses.join(' or ')}`);
  if (filter.search.trim() !== '') parts.push(`search “${filter.search.trim()}”`);
  return parts;
}
