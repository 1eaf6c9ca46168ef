import { afterEach, describe, expect, it } from 'vitest';
import { fillGaps } from '../../../renderer/history/timeline.ts';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('the timeline’s buckets', () => {
  it('fills the empty hours and days between the first and the last', () => {
    process.env.TZ = 'UTC';
    expect(
      fillGaps(
        [
          { bucket: '2026-03-01 22:00', counts: { ok: 1 } },
          { bucket: '2026-03-02 01:00', counts: { failed: 2 } },
        ],
        'hour',
      ).map((bucket) => bucket.bucket),
    ).toEqual(['2026-03-01 22:00', '2026-03-01 23:00', '2026-03-02 00:00', '2026-03-02 01:00']);
    expect(
      fillGaps(
        [
          { bucket: '2026-02-27', counts: { ok: 1 } },
          { bucket: '2026-03-02', counts: { ok: 1 } },
        ],
        'day',
      ).map((bucket) => bucket.bucket),
    ).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('steps over the hour that comes twice when clocks go back, and the one skipped when they go forward', () => {
    process.env.TZ = 'America/New_York';
    const back = fillGaps(
      [
        { bucket: '2026-11-01 00:00', counts: { ok: 1 } },
        { bucket: '2026-11-01 03:00', counts: { ok: 1 } },
      ],
      'hour',
    );
    expect(back.map((bucket) => bucket.bucket)).toEqual(['2026-11-01 00:00', '2026-11-01 01:00', '2026-11-01 02:00', '2026-11-01 03:00']);
    const forward = fillGaps(
      [
        { bucket: '2026-03-08 01:00', counts: { ok: 1 } },
        { bucket: '2026-03-08 04:00', counts: { ok: 1 } },
      ],
      'hour',
    );
    expect(forward.map((bucket) => bucket.bucket)).toEqual(['2026-03-08 01:00', '2026-03-08 03:00', '2026-03-08 04:00']);
  });
});
