import { plural } from '../../../base/common/plural.ts';

/**
 * Whether the key inference was given names kinds, and which fields would. A key whose value
 * differs in (nearly) every event, like an SDK's per-event `token`, drafts a "kind" per event: a
 * plan that describes the sample, not the kinds. Fields whose values repeat are counted as the
 * events go by, so the draft can propose them; memory stays bounded (KEY_LIMITS).
 */

export const KEY_LIMITS = {
  /** Fields (top-level, and one level inside an object field such as attributes) counted as possible keys. */
  fields: 200,
  /** Past this many distinct values a field is no key: plans hold at most INFER_LIMITS.kinds kinds. */
  values: 1000,
  /** A longer text names no kind. */
  valueLength: 64,
  /** Below this many keyed events, few events per kind is a small sample, not a bad key. */
  sample: 20,
  /** Fields proposed, each with values that average at least this many events… */
  eventsPerValue: 3,
  /** …and at most this many of them. */
  proposed: 5,
} as const;

/** A field whose values repeat, as the draft proposes it. */
export interface KeyCandidate {
  /** Its path, as --key takes it: `attributes.screen`. */
  readonly key: string;
  /** Distinct values, and a few of them (the most frequent first). */
  readonly values: number;
  readonly examples: readonly string[];
  /** Events that carry it as text, of all the events read. */
  readonly events: number;
  /** Of those, the events whose value at least one other event shares. */
  readonly grouped: number;
}

/** Why the key names no kinds worth planning: none at all, or about one per event. */
export type KeyAdvice =
  { readonly reason: 'unusable' } | { readonly reason: 'unique'; readonly kinds: number; readonly pastLimit: boolean; readonly events: number };

interface FieldSeen {
  events: number;
  /** Each value's count, until the field has too many to be a key (then null). */
  values: Map<string, number> | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Counts, per field, the texts events carry, to rank the fields as keys. A good key is carried
 * by most events and has few values, each shared by many events: ranked by the events that
 * share their value with another, then by fewer values.
 */
export class KeyCandidates {
  private readonly fields = new Map<string, FieldSeen>();
  private events = 0;
  private readonly key: string;

  /** `key` is the field already chosen: it is not proposed again. */
  constructor(key: string) {
    this.key = key;
  }

  add(event: unknown): void {
    this.events++;
    if (!isRecord(event)) return;
    for (const [name, value] of Object.entries(event)) {
      if (isRecord(value)) for (const [inner, innerValue] of Object.entries(value)) this.see(`${name}.${inner}`, innerValue);
      else this.see(name, value);
    }
  }

  private see(path: string, value: unknown): void {
    if (typeof value !== 'string' || value === '' || value.length > KEY_LIMITS.valueLength || path === this.key) return;
    let field = this.fields.get(path);
    if (field === undefined) {
      if (this.fields.size >= KEY_LIMITS.fields) return;
      field = { events: 0, values: new Map() };
      this.fields.set(path, field);
    }
    field.events++;
    if (field.values === null) return;
    field.values.set(value, (field.values.get(value) ?? 0) + 1);
    if (field.values.size > KEY_LIMITS.values) field.values = null;
  }

  /** The fields worth keying by, best first: in at least half the events, with 2 or more values that each group a few events on average. */
  ranked(): KeyCandidate[] {
    const candidates: KeyCandidate[] = [];
    for (const [key, field] of this.fields) {
      if (field.values === null || field.values.size < 2 || field.events * 2 < this.events || field.values.size * KEY_LIMITS.eventsPerValue > field.events)
        continue;
      const counts = [...field.values].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      const grouped = counts.reduce((sum, [, count]) => sum + (count > 1 ? count : 0), 0);
      candidates.push({ key, values: counts.length, examples: counts.slice(0, 3).map(([value]) => value), events: field.events, grouped });
    }
    return candidates.sort((a, b) => b.grouped - a.grouped || a.values - b.values || (a.key < b.key ? -1 : 1)).slice(0, KEY_LIMITS.proposed);
  }
}

/**
 * More kinds than half the events keyed: the average kind describes fewer than two events, so
 * the key tells events apart rather than grouping them. Small samples are let be.
 */
export function isNearlyUnique(kinds: number, events: number): boolean {
  return events >= KEY_LIMITS.sample && kinds * 2 > events;
}

/** What a candidate groups, in words: `6 values: home, cart, checkout, …; in all 180 events`. */
export function candidateWords(candidate: KeyCandidate, read: number): string {
  const examples = `${candidate.examples.join(', ')}${candidate.values > candidate.examples.length ? ', …' : ''}`;
  const carried = candidate.events === read ? `in all ${plural(read, 'event')}` : `in ${candidate.events.toLocaleString('en')} of ${plural(read, 'event')}`;
  return `${plural(candidate.values, 'value')}: ${examples}; ${carried}`;
}

/** What the draft says of its key when it is no good, and what to try instead. */
export function keyAdviceWords(key: string, advice: KeyAdvice, candidates: readonly KeyCandidate[]): string {
  const problem =
    advice.reason === 'unique'
      ? `"${key}" differs in nearly every event (${advice.pastLimit ? 'more than ' : ''}${plural(advice.kinds, 'kind')} from ${plural(advice.events, 'event')}), so each kind would describe single events rather than a kind of event.`
      : `"${key}" names no kind in these events.`;
  if (candidates.length === 0) return `${problem} No field's values repeat enough to key by: name the field that says each event's kind.`;
  return `${problem} Fields whose values repeat, best first: key by one of them.`;
}
