import { plainWallClock } from './text-shapes.ts';

/**
 * Events written twice: the same fields with the same values in the same order, however they
 * are spaced. Writing every event out to compare it costs more than a JSON.parse, so each is
 * first given a cheap number, its fingerprint, from its created_at to the second and the
 * lengths and last characters of a few other fields; only events sharing a fingerprint with an
 * earlier one are written out and compared. The checks of an event take its fingerprint while
 * they hold its fields (see event-checks.ts): fetching them again costs as much as hashing them.
 */

export interface DuplicateEvent {
  index: number;
  /** The first event it repeats. */
  original: number;
}

/** Filter bits per event (16) and at most (2^24, 2 MB): about one event in 16 shares a bit with another. */
const FILTER_BITS_PER_EVENT = 16;
const MOST_FILTER_BITS_LOG2 = 24;
const FEWEST_FILTER_BITS_LOG2 = 5;

/** Characters taken from the end of each string: where ids and sequence numbers differ. */
const TAIL = 3;

function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193);
}

function mixValue(hash: number, value: unknown): number {
  if (typeof value !== 'string') return mix(hash, typeof value === 'number' ? value | 0 : 1);
  const end = value.length;
  hash = mix(hash, end);
  if (end < TAIL) return end === 0 ? hash : mix(hash, value.charCodeAt(end - 1));
  // Written out, not looped: this runs for four fields of every event.
  return mix(mix(mix(hash, value.charCodeAt(end - 3)), value.charCodeAt(end - 2)), value.charCodeAt(end - 1));
}

/**
 * The fingerprint of an event with these fields (undefined for one it lacks), its created_at
 * given as plainWallClock reads it: events a minute apart all end in ":00", so its last
 * characters alone would tell none of them apart.
 */
export function fingerprintOfFields(createdAtClock: number, deviceId: unknown, token: unknown, customerId: unknown, serviceId: unknown): number {
  // The clock's low 32 bits: any two seconds of the same year differ there.
  return mixValue(mixValue(mixValue(mixValue(mix(0x811c9dc5, createdAtClock | 0), deviceId), token), customerId), serviceId);
}

/**
 * From the fields that tell events apart (attributes rarely do on their own), read directly:
 * walking every key of every event would cost as much again.
 */
export function fingerprintOf(event: Readonly<Record<string, unknown>>, serviceIdField: string): number {
  const createdAt = event.created_at;
  return fingerprintOfFields(
    typeof createdAt === 'string' ? plainWallClock(createdAt) : -1,
    event.device_id,
    event.token,
    event.customer_id,
    event[serviceIdField],
  );
}

/** The event as JSON or, when it nests too deep to write out, a text no JSON starts with, unique to it. */
function writtenOut(events: readonly unknown[], index: number): string {
  try {
    return JSON.stringify(events[index]);
  } catch {
    return `\u0000${index}`;
  }
}

/**
 * The events whose fingerprint may be shared: those whose bit in a filter of fingerprints
 * another event also set. A table of every event by fingerprint costs a cache miss per event
 * (it outgrows the caches at 100 000 events); the filter's two bit arrays stay in them, and
 * most events are left behind here, having touched nothing but their fingerprint.
 */
function sharedBuckets(fingerprints: Int32Array): { shared: Int32Array; mask: number } | null {
  const bitsLog2 = Math.min(MOST_FILTER_BITS_LOG2, Math.max(FEWEST_FILTER_BITS_LOG2, Math.ceil(Math.log2(FILTER_BITS_PER_EVENT * fingerprints.length))));
  const mask = (1 << bitsLog2) - 1;
  const seen = new Int32Array(1 << (bitsLog2 - 5));
  const shared = new Int32Array(seen.length);
  let any = false;
  for (let index = 0; index < fingerprints.length; index++) {
    const bucket = fingerprints[index]! & mask;
    const word = bucket >>> 5;
    const bit = 1 << (bucket & 31);
    if (seen[word]! & bit) {
      shared[word]! |= bit;
      any = true;
    } else seen[word]! |= bit;
  }
  return any ? { shared, mask } : null;
}

/**
 * The duplicates among `events`, given a fingerprint for each element: the checks give every
 * element that is not an object the same one, which the events are passed over with.
 */
export function findDuplicateEvents(events: readonly unknown[], fingerprints: Int32Array): DuplicateEvent[] {
  const duplicates: DuplicateEvent[] = [];
  const filter = sharedBuckets(fingerprints);
  if (filter === null) return duplicates;
  const { shared, mask } = filter;
  const firsts = new Map<number, number>();
  // Per fingerprint seen more than once: each written-out event with it.
  const writtenByFingerprint = new Map<number, Map<string, number>>();
  for (let index = 0; index < events.length; index++) {
    const bucket = fingerprints[index]! & mask;
    if ((shared[bucket >>> 5]! & (1 << (bucket & 31))) === 0) continue;
    const event = events[index];
    if (typeof event !== 'object' || event === null || Array.isArray(event)) continue;
    const fingerprint = fingerprints[index]!;
    const first = firsts.get(fingerprint);
    if (first === undefined) {
      firsts.set(fingerprint, index);
      continue;
    }
    let written = writtenByFingerprint.get(fingerprint);
    if (written === undefined) {
      written = new Map([[writtenOut(events, first), first]]);
      writtenByFingerprint.set(fingerprint, written);
    }
    const text = writtenOut(events, index);
    const original = written.get(text);
    if (original === undefined) written.set(text, index);
    else duplicates.push({ index, original });
  }
  return duplicates;
}
