import { describe, expect, it } from 'vitest';
import { createdAtRange } from '../../../features/transforms/common/time-range.ts';

describe('createdAtRange', () => {
  it('gives the earliest and latest created_at as written, leaving out events without a readable one', () => {
    const events = [
      { created_at: '2026-11-20 10:10:00' },
      { created_at: 'yesterday' },
      { token: 'no time' },
      'not an event',
      { created_at: '2026-11-20 09:59:59' },
      { created_at: 12 },
    ];
    expect(createdAtRange(events, 'UTC')).toEqual({ earliest: '2026-11-20 09:59:59', latest: '2026-11-20 10:10:00' });
  });

  it('is null with no created_at to read, or a zone that is none', () => {
    expect(createdAtRange([{ token: 'a' }], 'UTC')).toBeNull();
    expect(createdAtRange([{ created_at: '2026-11-20 10:00:00' }], 'Mars/Olympus')).toBeNull();
  });
});
