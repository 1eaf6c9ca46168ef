import { isEventObject } from './selection.ts';
import { zoneClock } from './zone-clock.ts';

/** The earliest and the latest `created_at` of a list of events, as they are written. */
export interface CreatedAtRange {
  earliest: string;
  latest: string;
}

/**
 * The span of the events' `created_at`, each read as an instant in `timeZone`; events without one
 * that reads as a date-time there are left out. Null when no event has one, or the zone is unknown.
 */
export function createdAtRange(events: readonly unknown[], timeZone: string): CreatedAtRange | null {
  const clock = zoneClock(timeZone);
  if (clock === null) return null;
  let earliest: { text: string; instant: number } | null = null;
  let latest: { text: string; instant: number } | null = null;
  for (const event of events) {
    if (!isEventObject(event) || typeof event.created_at !== 'string') continue;
    const read = clock.parse(event.created_at);
    if (!read.ok) continue;
    const moment = { text: event.created_at, instant: read.value };
    if (earliest === null || moment.instant < earliest.instant) earliest = moment;
    if (latest === null || moment.instant > latest.instant) latest = moment;
  }
  return earliest && latest ? { earliest: earliest.text, latest: latest.text } : null;
}
