import { plural } from '../../../base/common/plural.ts';
import { ANY_SHAPE, DECIMAL_PATTERN, shapeOf, shapesOf } from './infer-shapes.ts';
import { candidateWords, isNearlyUnique, KeyCandidates, keyAdviceWords } from './infer-key.ts';
import { DEFAULT_PLAN_KEY, type JsonSchema, type PlannedEvent, type TrackingPlan } from './plan.ts';
import { valueAtKey } from './plan-key.ts';
import { shortJson } from './schema-words.ts';

/**
 * A draft plan inferred from real events, for an analyst to review and save: the kinds seen
 * (by the key field), each kind's attributes with their JSON types, an `enum` where an
 * attribute took few values in many events, a `format` (or the decimal `pattern`) where every
 * text matched it, `required` for the attributes every event of the kind carried, and each
 * kind closed (`additionalProperties: false`) so an attribute it never carried is reported.
 * Everything is sorted, so a plan inferred again from more events diffs well. Memory stays
 * bounded however many events come: see INFER_LIMITS.
 */

export const INFER_LIMITS = {
  /** An attribute gets an `enum` when it took at most this many distinct values… */
  enumValues: 10,
  /** …in at least this many events: fewer say too little of what else it may take. */
  enumEvents: 20,
  /** A longer text is free text or an identifier, not one of a few values. */
  enumValueLength: 64,
  /** Kinds planned; events of further kinds are counted and left out. */
  kinds: 1000,
  /** Attributes tracked across all kinds; a kind that had more is left open. */
  attributes: 20_000,
} as const;

export type InferLimits = { readonly [limit in keyof typeof INFER_LIMITS]: number };

export interface InferOptions {
  /** The event field that names the kind (default `token`); dots reach inside a field (`attributes.screen`). */
  readonly key?: string;
  readonly name?: string;
  readonly limits?: Partial<InferLimits>;
}

export interface InferredPlan {
  readonly plan: TrackingPlan;
  /** Events read, and of them those planned (the others had no key, or a kind past the limit). */
  readonly events: number;
  readonly planned: number;
  /** What was left out and why, in words. */
  readonly notes: string[];
  /**
   * When the key named no kind, or nearly one per event: why, in words, and the fields whose
   * values repeat, best first, each with its description (features/plans/common/infer-key.ts); else null.
   */
  readonly advice: KeyAdviceText | null;
}

export interface KeyAdviceText {
  readonly message: string;
  readonly candidates: { readonly key: string; readonly description: string }[];
}

/** Events whose key was no text: how many, and the first (its number from 1, and what it held). */
interface Unkeyed {
  count: number;
  first: { event: number; value: unknown } | null;
}

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';
type Primitive = string | number | boolean | null;

interface AttributeSeen {
  count: number;
  readonly types: Set<JsonType>;
  /** The distinct values (a Set tells "1" from 1), until there are too many to be an enum (then null). */
  values: Set<Primitive> | null;
  /** The shapes every text so far had (bits of infer-shapes' SHAPES); only those are checked in the next. */
  shapes: number;
  /** Whether any value was a text: until then, `shapes` holds every shape. */
  texts: boolean;
}

interface KindSeen {
  count: number;
  readonly attributes: Map<string, AttributeSeen>;
  /** Attributes it carried past the limit: it cannot be closed. */
  untracked: boolean;
}

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as JsonType;
  return 'object';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TYPE_ORDER: readonly JsonType[] = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'];

/** Enum values in a stable order: null, false, true, numbers by size, texts by code unit. */
function compareValues(a: Primitive, b: Primitive): number {
  const rank = (value: Primitive) => (value === null ? 0 : typeof value === 'boolean' ? 1 : typeof value === 'number' ? 2 : 3);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return a === b ? 0 : String(a) < String(b) ? -1 : 1;
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Collects what events show, one at a time, and makes the draft plan of them at any point. */
export class PlanInference {
  private readonly key: string;
  private readonly name: string;
  private readonly limits: InferLimits;
  private readonly kinds = new Map<string, KindSeen>();
  private attributeCount = 0;
  private events = 0;
  /** Events with nothing at the key's path, and events with something that is no text (or an empty one). */
  private readonly missing: Unkeyed = { count: 0, first: null };
  private readonly notText: Unkeyed = { count: 0, first: null };
  private pastKindLimit = 0;
  private readonly candidates: KeyCandidates;

  constructor(options: InferOptions = {}) {
    this.key = options.key ?? DEFAULT_PLAN_KEY;
    this.name = options.name ?? 'Draft plan';
    this.limits = { ...INFER_LIMITS, ...options.limits };
    this.candidates = new KeyCandidates(this.key);
  }

  add(event: unknown): void {
    this.events++;
    this.candidates.add(event);
    const kindName = valueAtKey(event, this.key);
    if (typeof kindName !== 'string' || kindName === '') {
      const unkeyed = kindName === undefined ? this.missing : this.notText;
      unkeyed.count++;
      unkeyed.first ??= { event: this.events, value: kindName };
      return;
    }
    let kind = this.kinds.get(kindName);
    if (kind === undefined) {
      if (this.kinds.size >= this.limits.kinds) {
        this.pastKindLimit++;
        return;
      }
      kind = { count: 0, attributes: new Map(), untracked: false };
      this.kinds.set(kindName, kind);
    }
    kind.count++;
    const attributes = (event as Record<string, unknown>).attributes;
    if (!isRecord(attributes)) return;
    for (const [name, value] of Object.entries(attributes)) this.see(kind, name, value);
  }

  private see(kind: KindSeen, name: string, value: unknown): void {
    let attribute = kind.attributes.get(name);
    if (attribute === undefined) {
      if (this.attributeCount >= this.limits.attributes) {
        kind.untracked = true;
        return;
      }
      this.attributeCount++;
      attribute = { count: 0, types: new Set(), values: new Set(), shapes: ANY_SHAPE, texts: false };
      kind.attributes.set(name, attribute);
    }
    attribute.count++;
    const type = jsonType(value);
    attribute.types.add(type);
    if (typeof value === 'string') {
      attribute.texts = true;
      if (attribute.shapes !== 0) attribute.shapes = shapesOf(value, attribute.shapes);
    }
    if (attribute.values === null) return;
    const enumerable = type !== 'array' && type !== 'object' && !(typeof value === 'string' && value.length > this.limits.enumValueLength);
    if (!enumerable) {
      attribute.values = null;
      return;
    }
    attribute.values.add(value as Primitive);
    if (attribute.values.size > this.limits.enumValues) attribute.values = null;
  }

  private attributeSchema(attribute: AttributeSeen): JsonSchema {
    const types = TYPE_ORDER.filter((type) => attribute.types.has(type) && !(type === 'integer' && attribute.types.has('number')));
    const schema: Record<string, unknown> = { type: types.length === 1 ? types[0] : types };
    const values = attribute.values === null ? [] : [...attribute.values];
    if (attribute.count >= this.limits.enumEvents && values.length > 0 && values.some((value) => typeof value !== 'boolean')) {
      schema.enum = values.sort(compareValues);
      return schema;
    }
    const shape = attribute.texts ? shapeOf(attribute.shapes) : undefined;
    if (shape === 'decimal') schema.pattern = DECIMAL_PATTERN;
    else if (shape !== undefined) schema.format = shape;
    return schema;
  }

  private plannedEvent(kind: KindSeen): PlannedEvent {
    const names = [...kind.attributes.keys()].sort(compareNames);
    const required = names.filter((name) => kind.attributes.get(name)!.count === kind.count);
    return {
      attributes: {
        type: 'object',
        properties: Object.fromEntries(names.map((name) => [name, this.attributeSchema(kind.attributes.get(name)!)])),
        ...(required.length > 0 ? { required } : {}),
        ...(kind.untracked ? {} : { additionalProperties: false }),
      },
    };
  }

  /** Why some events have no kind, in words: what they lacked, and the first that did. */
  private unkeyedNotes(): string[] {
    const notes: string[] = [];
    const { missing, notText } = this;
    if (missing.first)
      notes.push(
        `${plural(missing.count, 'event')} had no "${this.key}" (the first: event ${missing.first.event.toLocaleString('en')}), so no kind: left out.`,
      );
    if (notText.first)
      notes.push(
        `${plural(notText.count, 'event')} had "${this.key}" but not as a non-empty text (event ${notText.first.event.toLocaleString('en')} has ${shortJson(notText.first.value)}), so no kind: left out.`,
      );
    return notes;
  }

  private advice(planned: number): KeyAdviceText | null {
    const kinds = this.kinds.size;
    const unique = this.pastKindLimit > 0 || isNearlyUnique(kinds, planned);
    if (kinds > 0 && !unique) return null;
    const candidates = this.candidates.ranked();
    const advice =
      kinds === 0
        ? { reason: 'unusable' as const }
        : { reason: 'unique' as const, kinds, pastLimit: this.pastKindLimit > 0, events: planned + this.pastKindLimit };
    return {
      message: keyAdviceWords(this.key, advice, candidates),
      candidates: candidates.map((candidate) => ({ key: candidate.key, description: candidateWords(candidate, this.events) })),
    };
  }

  result(): InferredPlan {
    const names = [...this.kinds.keys()].sort(compareNames);
    const notes = this.unkeyedNotes();
    if (this.pastKindLimit > 0) notes.push(`${plural(this.pastKindLimit, 'event')} of kinds past the first ${plural(this.limits.kinds, 'kind')}: left out.`);
    const open = names.filter((name) => this.kinds.get(name)!.untracked);
    if (open.length > 0)
      notes.push(
        `Past ${plural(this.limits.attributes, 'attribute')} in all, ${plural(open.length, 'kind')} (${open.slice(0, 3).join(', ')}${open.length > 3 ? ', …' : ''}) left open to attributes not listed.`,
      );
    const plan: TrackingPlan = {
      name: this.name,
      key: this.key,
      events: Object.fromEntries(names.map((name) => [name, this.plannedEvent(this.kinds.get(name)!)])),
    };
    const planned = this.events - this.missing.count - this.notText.count - this.pastKindLimit;
    return { plan, events: this.events, planned, notes, advice: this.events === 0 ? null : this.advice(planned) };
  }
}

/** The draft plan of a batch (or any iterable of events: a capture, history rows). */
export function inferPlan(events: Iterable<unknown>, options: InferOptions = {}): InferredPlan {
  const inference = new PlanInference(options);
  for (const event of events) inference.add(event);
  return inference.result();
}
