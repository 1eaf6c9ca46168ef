import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { timeFormats } from '../../../renderer/base/time-format.ts';

const rendererDir = path.resolve(import.meta.dirname, '../../../renderer');
const afternoon = new Date(2026, 10, 22, 15, 4, 5, 678);

describe('the times the app shows', () => {
  it("follow the locale's clock in every form: 12-hour for en-US, 24-hour for en-GB", () => {
    const us = timeFormats('en-US');
    const gb = timeFormats('en-GB');
    expect([us.time(afternoon, 'minute'), us.time(afternoon), us.time(afternoon, 'millisecond'), us.dateTime(afternoon)]).toEqual([
      '3:04 PM',
      '3:04:05 PM',
      '3:04:05.678 PM',
      'Nov 22, 2026, 3:04:05 PM',
    ]);
    expect([gb.time(afternoon, 'minute'), gb.time(afternoon), gb.time(afternoon, 'millisecond'), gb.dateTime(afternoon)]).toEqual([
      '15:04',
      '15:04:05',
      '15:04:05.678',
      '22 Nov 2026, 15:04:05',
    ]);
  });

  it('take an ISO text as well as a Date', () => {
    expect(timeFormats('en-GB').time(afternoon.toISOString())).toBe('15:04:05');
  });

  it('come from that one module: nothing else in the renderer formats a time itself', async () => {
    const files = (await readdir(rendererDir, { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('time-format.ts'));
    const formatting = /toLocaleTimeString|toLocaleDateString|Intl\.DateTimeFormat\(|hour12|timeStyle|dateStyle/;
    const offenders: string[] = [];
    for (const file of files) if (formatting.test(await readFile(path.join(rendererDir, file), 'utf8'))) offenders.push(file);
    expect(offenders).toEqual([]);
  });
});
