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

/** 2^20 slots of the first-event table (8 MB) before it has to grow. */
const MOST_SLOTS_AT_FIRST = 20;

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
  return fingerprintOfFields(typeof createdAt === 'string' ? plainWallClock(createdAt) : -1, event.device_id, event.token, event.customer_id, event[serviceIdField]);
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
 * The first event of each fingerprint, in an open-addressed table: a Map of 100 000 numbers
 * costs several times as much to fill, and leaves as much again for the garbage collector. It
 * starts with room for `expected` events, up to a million slots, and doubles when half full:
 * a 100 MB batch of bare numbers holds tens of millions of elements and no event to make room for.
 */
class FirstByFingerprint {
  private mask: number;
  private firsts: Int32Array;
  private fingerprints: Int32Array;
  private used = 0;

  constructor(expected: number) {
    this.mask = (1 << Math.min(MOST_SLOTS_AT_FIRST, Math.ceil(Math.log2(2 * expected + 1)))) - 1;
    this.firsts = new Int32Array(this.mask + 1).fill(-1);
    this.fingerprints = new Int32Array(this.mask + 1);
  }

  /** The first event seen with `fingerprint`, or -1 after noting `index` as that first. */
  firstOr(fingerprint: number, index: number): number {
    const slot = this.slotOf(fingerprint);
    const first = this.firsts[slot]!;
    if (first !== -1) return first;
    this.firsts[slot] = index;
    this.fingerprints[slot] = fingerprint;
    if (++this.used * 2 > this.mask) this.grow();
    return -1;
  }

  private slotOf(fingerprint: number): number {
    let slot = fingerprint & this.mask;
    while (this.firsts[slot] !== -1 && this.fingerprints[slot] !== fingerprint) slot = (slot + 1) & this.mask;
    return slot;
  }

  private grow(): void {
    const { firsts, fingerprints } = this;
    this.mask = this.mask * 2 + 1;
    this.firsts = new Int32Array(this.mask + 1).fill(-1);
    this.fingerprints = new Int32Array(this.mask + 1);
    for (let slot = 0; slot < firsts.length; slot++) {
      if (firsts[slot] === -1) continue;
      const moved = this.slotOf(fingerprints[slot]!);
      this.firsts[moved] = firsts[slot]!;
      this.fingerprints[moved] = fingerprints[slot]!;
    }
  }
}

/** The duplicates among `events`, given the fingerprint of each object among them (the others are passed over). */
export function findDuplicateEvents(events: readonly unknown[], fingerprints: Int32Array): DuplicateEvent[] {
  const duplicates: DuplicateEvent[] = [];
  const firsts = new FirstByFingerprint(events.length);
  // Per fingerprint seen more than once: each written-out event with it.
  const writtenByFingerprint = new Map<number, Map<string, number>>();
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    if (typeof event !== 'object' || event === null || Array.isArray(event)) continue;
    const fingerprint = fingerprints[index]!;
    const first = firsts.firstOr(fingerprint, index);
    if (first === -1) continue;
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
