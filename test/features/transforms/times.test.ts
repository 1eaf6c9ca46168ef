import { describe, expect, it } from 'vitest';
import { shiftTimes, spreadTimes } from '../../../features/transforms/common/transforms.ts';
import { validEvent } from '../../fixtures/events.ts';

const NOW = new Date('2026-11-24T10:15:30.750Z');
const at = (...times: string[]) => times.map((created_at, index) => validEvent({ token: `t${index}`, created_at }));
const times = (events: unknown[]) => events.map((event) => (event as { created_at: string }).created_at);

describe('shiftTimes', () => {
  it('moves the latest event to now, keeping the spacing, in the environment’s zone', () => {
    const result = shiftTimes(at('2026-01-10 08:00:00', '2026-01-10 09:30:15', '2026-01-09 23:59:59'), {
      anchor: 'latest',
      to: 'now',
      timeZone: 'Europe/Berlin',
      now: NOW,
    });
    expect(result).toMatchObject({ ok: true, changed: [0, 1, 2] });
    expect(result.ok && times(result.events)).toEqual(['2026-11-24 09:45:15', '2026-11-24 11:15:30', '2026-11-24 01:45:14']);
  });

  it('moves the earliest of the selection to a chosen moment and leaves the others alone', () => {
    const events = at('2026-03-28 12:00:00', '2026-03-29 12:00:00', '2026-03-28 23:00:00');
    const result = shiftTimes(events, { indexes: [2, 0], anchor: 'earliest', to: '2026-03-29 00:00:00', timeZone: 'Europe/Berlin', now: NOW });
    // 11 hours between them, one of which the clocks skip on 29 March: 11:00 wall-clock becomes 12:00.
    expect(result.ok && times(result.events)).toEqual(['2026-03-29 00:00:00', '2026-03-29 12:00:00', '2026-03-29 12:00:00']);
    expect(result.ok && result.events[1]).toBe(events[1]);
    expect(result).toMatchObject({ changed: [0, 2] });
  });

  it('says which event has no date-time, and what is wrong with a target', () => {
    expect(shiftTimes(at('2026-01-10 08:00:00', '2026-01-10T09:00:00Z'), { anchor: 'latest', to: 'now', timeZone: 'UTC', now: NOW })).toEqual({
      ok: false,
      message: `Event 2's created_at is not a date-time: "2026-01-10T09:00:00Z" is not in the form YYYY-MM-DD HH:MM:SS.`,
    });
    expect(shiftTimes([validEvent({ created_at: undefined })], { anchor: 'latest', to: 'now', timeZone: 'UTC', now: NOW })).toMatchObject({
      ok: false,
      message: 'Event 1 has no created_at date-time to move.',
    });
    expect(shiftTimes(at('2026-01-10 08:00:00'), { anchor: 'latest', to: 'tomorrow', timeZone: 'UTC', now: NOW })).toMatchObject({
      ok: false,
      message: '"tomorrow" is not a date-time: "tomorrow" is not in the form YYYY-MM-DD HH:MM:SS.',
    });
    expect(shiftTimes(at('2026-01-10 08:00:00'), { anchor: 'latest', to: 'now', timeZone: 'Mars/Base', now: NOW })).toMatchObject({
      ok: false,
      message: '"Mars/Base" is not a known IANA time zone.',
    });
    expect(shiftTimes(['x'], { anchor: 'latest', to: 'now', timeZone: 'UTC', now: NOW })).toMatchObject({
      ok: false,
      message: 'Event 1 is not an object, so it has no fields to change.',
    });
    expect(shiftTimes(at('2026-01-10 08:00:00'), { indexes: [3], anchor: 'latest', to: 'now', timeZone: 'UTC', now: NOW })).toMatchObject({
      ok: false,
      message: 'There is no event 4: the batch has 1 event.',
    });
  });

  it('says which events land in the repeated hour, which created_at cannot write apart from the first', () => {
    // New York's clocks go back from 02:00 EDT to 01:00 EST on 2026-11-01: 01:00 to 01:59:59 happens twice.
    const events = at('2026-06-01 00:00:00', '2026-06-01 01:30:00');
    const firstPass = shiftTimes(events, { anchor: 'earliest', to: '2026-11-01 00:00:00', timeZone: 'America/New_York', now: NOW });
    expect(firstPass).toEqual({
      ok: true,
      events: [
        { ...events[0], created_at: '2026-11-01 00:00:00' },
        { ...events[1], created_at: '2026-11-01 01:30:00' },
      ],
      changed: [0, 1],
    });
    const secondPass = shiftTimes(events, { anchor: 'earliest', to: '2026-11-01 00:30:00', timeZone: 'America/New_York', now: NOW });
    expect(secondPass.ok && times(secondPass.events)).toEqual(['2026-11-01 00:30:00', '2026-11-01 01:00:00']);
    expect(secondPass.ok && secondPass.notes).toEqual([
      'Event 2 lands in the hour that happens twice in America/New_York when clocks go back (2026-11-01 01:00:00 is one of them); created_at cannot tell the two apart, so it reads an hour earlier than the spacing says.',
    ]);
  });
});

describe('spreadTimes', () => {
  it('spreads the selected events evenly over the period, in their order, on whole seconds', () => {
    const events = at('2020-01-01 00:00:00', '2020-01-01 00:00:00', '2020-01-01 00:00:00', '2020-01-01 00:00:00');
    const result = spreadTimes(events, { indexes: [0, 1, 3], from: '2026-11-20 10:00:00', to: '2026-11-20 10:00:05', timeZone: 'UTC' });
    expect(result.ok && times(result.events)).toEqual(['2026-11-20 10:00:00', '2026-11-20 10:00:03', '2020-01-01 00:00:00', '2026-11-20 10:00:05']);
    expect(result).toMatchObject({ changed: [0, 1, 3] });
  });

  it('puts a lone event at the start, and refuses a period that ends before it starts', () => {
    expect(spreadTimes(at('2020-01-01 00:00:00'), { from: '2026-11-20 10:00:00', to: '2026-11-21 10:00:00', timeZone: 'UTC' })).toMatchObject({
      ok: true,
      events: [{ created_at: '2026-11-20 10:00:00' }],
    });
    expect(spreadTimes(at('2020-01-01 00:00:00'), { from: '2026-11-20 10:00:00', to: '2026-11-19 10:00:00', timeZone: 'UTC' })).toEqual({
      ok: false,
      message: 'The end 2026-11-19 10:00:00 comes before the start 2026-11-20 10:00:00.',
    });
    expect(spreadTimes(at('2020-01-01 00:00:00'), { from: 'soon', to: '2026-11-19 10:00:00', timeZone: 'UTC' })).toMatchObject({
      ok: false,
      message: 'The start "soon" is not a date-time: "soon" is not in the form YYYY-MM-DD HH:MM:SS.',
    });
  });
});
