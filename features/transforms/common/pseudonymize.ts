import { personalSpans, type PersonalKind } from './personal-data.ts';
import { pseudonymInput, type PersonalValue } from './pseudonym-shapes.ts';
import { isEventObject, selectedEvents, type EventObject, type TransformResult } from './selection.ts';

/**
 * Pseudonymizing a batch in two steps, so the key that makes replacements never leaves the
 * main process: personalValues lists what would be replaced, the main process answers each
 * with its replacement (features/transforms/node/pseudonyms.ts), and pseudonymize puts them in.
 *
 * Replaced: customer_id and device_id; emails, phone numbers and IP addresses wherever they
 * occur inside attribute values; and the whole value of each field the user names (`name` is
 * a top-level field or an attribute of that name, `attributes.name` only the attribute).
 */

/** The fields whose whole value is replaced unless the user names others: the app's form and `eventdesk transform` start from these. */
export const DEFAULT_PSEUDONYMIZED_FIELDS: readonly string[] = ['name'];

export interface PersonalValuesOptions {
  indexes?: readonly number[];
  /** Fields whose whole value is personal, e.g. `name` or `attributes.name`. */
  fields: readonly string[];
}

export interface PseudonymizeOptions extends PersonalValuesOptions {
  /** The replacement of each personal value, keyed by pseudonymInput (`${kind}:${value}`). */
  replacements: ReadonlyMap<string, string>;
}

interface NamedFields {
  topLevel: ReadonlySet<string>;
  attributes: ReadonlySet<string>;
}

function namedFields(fields: readonly string[]): NamedFields {
  const topLevel = new Set<string>();
  const attributes = new Set<string>();
  for (const field of fields) {
    if (field.startsWith('attributes.')) attributes.add(field.slice('attributes.'.length));
    else {
      topLevel.add(field);
      attributes.add(field);
    }
  }
  return { topLevel, attributes };
}

/** A whole value that can be replaced: text, or a number read as its text. */
function wholeValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The fields pseudonymize owns at the top level (customer_id, device_id and the named ones). */
function topLevelKind(field: string, named: NamedFields): PersonalKind | null {
  if (field === 'customer_id') return 'customer';
  if (field === 'device_id') return 'device';
  return named.topLevel.has(field) ? 'value' : null;
}

/**
 * Walks one event, calling `replace` with each personal value it holds; where `replace` answers
 * a text, the copy holds that instead. Returns the copy, or the event itself when nothing changed.
 */
function rewriteEvent(event: EventObject, named: NamedFields, replace: (personal: PersonalValue) => string | undefined): EventObject {
  let copy: EventObject | null = null;
  const set = (field: string, value: unknown) => {
    copy ??= { ...event };
    copy[field] = value;
  };
  for (const field of Object.keys(event)) {
    const value = event[field];
    if (field === 'attributes' && isEventObject(value)) {
      const attributes = rewriteAttributes(value, named, replace);
      if (attributes !== value) set(field, attributes);
      continue;
    }
    const kind = topLevelKind(field, named);
    const text = kind === null ? null : wholeValue(value);
    if (kind === null || text === null) continue;
    const replacement = replace({ kind, value: text });
    if (replacement === undefined || replacement === text) continue;
    // A numeric id stays a number when its replacement is one that JSON keeps exactly.
    set(field, typeof value === 'number' && Number.isSafeInteger(Number(replacement)) ? Number(replacement) : replacement);
  }
  return copy ?? event;
}

function rewriteAttributes(attributes: EventObject, named: NamedFields, replace: (personal: PersonalValue) => string | undefined): EventObject {
  let copy: EventObject | null = null;
  for (const name of Object.keys(attributes)) {
    const value = attributes[name];
    const rewritten = named.attributes.has(name) && wholeValue(value) !== null ? rewriteWhole(value as string | number, replace) : rewriteText(value, replace);
    if (rewritten === value) continue;
    copy ??= { ...attributes };
    copy[name] = rewritten;
  }
  return copy ?? attributes;
}

function rewriteWhole(value: string | number, replace: (personal: PersonalValue) => string | undefined): unknown {
  return replace({ kind: 'value', value: String(value) }) ?? value;
}

/** Personal data inside a value, at any depth (attributes may hold lists and objects). */
function rewriteText(value: unknown, replace: (personal: PersonalValue) => string | undefined): unknown {
  if (typeof value === 'string') {
    const spans = personalSpans(value);
    if (spans.length === 0) return value;
    let text = '';
    let from = 0;
    for (const span of spans) {
      text += value.slice(from, span.start) + (replace({ kind: span.kind, value: span.value }) ?? span.value);
      from = span.end;
    }
    return text + value.slice(from);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => rewriteText(item, replace));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (isEventObject(value)) return rewriteAttributes(value, { topLevel: new Set(), attributes: new Set() }, replace);
  return value;
}

/** Every distinct personal value pseudonymize would replace in the selected events, in order of first appearance. */
export function personalValues(
  events: readonly unknown[],
  options: PersonalValuesOptions,
): { ok: true; values: PersonalValue[] } | { ok: false; message: string } {
  const selection = selectedEvents(events, options.indexes);
  if (!selection.ok) return selection;
  const named = namedFields(options.fields);
  // A set of values per kind: a key of kind and value would be a new string at every value,
  // which the set must read whole to hash (npm run bench -- transform).
  const seen = new Map<PersonalKind, Set<string>>();
  const values: PersonalValue[] = [];
  const collect = (personal: PersonalValue) => {
    let kindValues = seen.get(personal.kind);
    if (!kindValues) seen.set(personal.kind, (kindValues = new Set()));
    if (!kindValues.has(personal.value)) {
      kindValues.add(personal.value);
      values.push(personal);
    }
    return undefined;
  };
  for (const index of selection.indexes) rewriteEvent(events[index] as EventObject, named, collect);
  return { ok: true, values };
}

/** The replacements map pseudonymize takes, from the values personalValues listed and their replacements in the same order. */
export function replacementsOf(values: readonly PersonalValue[], replacements: readonly string[]): Map<string, string> {
  return new Map(values.map((personal, index) => [pseudonymInput(personal), replacements[index]!]));
}

/** Replaces each personal value in the selected events with its replacement, leaving everything else as it was. */
export function pseudonymize(events: readonly unknown[], options: PseudonymizeOptions): TransformResult {
  const selection = selectedEvents(events, options.indexes);
  if (!selection.ok) return selection;
  const named = namedFields(options.fields);
  let missing: PersonalValue | null = null;
  const replace = (personal: PersonalValue) => {
    const replacement = options.replacements.get(pseudonymInput(personal));
    if (replacement === undefined) missing ??= personal;
    return replacement;
  };
  const result = [...events];
  const changed: number[] = [];
  for (const index of selection.indexes) {
    const event = events[index] as EventObject;
    const rewritten = rewriteEvent(event, named, replace);
    if (missing !== null) {
      const { kind, value } = missing;
      return {
        ok: false,
        message: `There is no replacement for the ${kind} ${JSON.stringify(value)} of event ${index + 1}: list the values with personalValues first.`,
      };
    }
    if (rewritten === event) continue;
    result[index] = rewritten;
    changed.push(index);
  }
  return { ok: true, events: result, changed };
}
