import { describe, expect, it } from 'vitest';
import { eventPlace } from '../../base/common/event-place.ts';

describe('an event as people read its place', () => {
  it('numbers events from 1 and shows the 0-based pointer beside it', () => {
    expect(eventPlace('/0')).toBe('event 1 (/0)');
    expect(eventPlace('/2/attributes/plan')).toBe('event 3 (/2/attributes/plan)');
    expect(eventPlace('/99999/svc_id')).toBe('event 100000 (/99999/svc_id)');
  });

  it('shows a pointer to no event as it is, the batch as /', () => {
    expect(eventPlace('')).toBe('/');
    expect(eventPlace('/attributes')).toBe('/attributes');
    expect(eventPlace('/1a')).toBe('/1a');
  });
});
