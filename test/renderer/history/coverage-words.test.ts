import { describe, expect, it } from 'vitest';
import { narrowingText, rangeText } from '../../../renderer/history/coverage-words.ts';
import { formatTime } from '../../../renderer/base/time-format.ts';
import { emptyHistoryFilter } from '../../../features/history/common/history.ts';

/** Instants made in local time, as the date fields and the timeline set them. */
const local = (day: number, hour = 0) => new Date(2026, 10, day, hour).toISOString();
/** The hour on the locale's clock, as every time the app shows. */
const clock = (hour: number) => formatTime(new Date(2026, 10, 19, hour), 'minute');

describe('the coverage panel’s words for the filter', () => {
  it('says a range of days as the days it includes, and one of hours to the minute', () => {
    expect(rangeText({ from: null, to: null })).toBe('All submissions');
    expect(rangeText({ from: local(19), to: local(21) })).toBe('Submissions sent 2026-11-19 to 2026-11-20');
    expect(rangeText({ from: local(19), to: null })).toBe('Submissions sent since 2026-11-19');
    expect(rangeText({ from: null, to: local(21) })).toBe('Submissions sent until the end of 2026-11-20');
    expect(rangeText({ from: local(19, 14), to: local(19, 15) })).toBe(`Submissions sent 2026-11-19 ${clock(14)} up to 2026-11-19 ${clock(15)}`);
    expect(rangeText({ from: null, to: local(19, 15) })).toBe(`Submissions sent before 2026-11-19 ${clock(15)}`);
  });

  it('names the environments, statuses and search that narrow it', () => {
    const names = (id: string) => (id === 'env-qa' ? 'QA' : id);
    expect(narrowingText(emptyHistoryFilter, names)).toEqual([]);
    expect(narrowingText({ ...emptyHistoryFilter, environmentIds: ['env-qa', 'gone'], statuses: ['failed', 'partial'], search: '  cust-4 ' }, names)).toEqual([
      'environment QA or gone',
      'status failed or partial',
      'search “cust-4”',
    ]);
  });
});
