import { isEventObject, selectedEvents, type EventObject, type TransformResult } from './selection.ts';

/** Sets one field on every selected event: a top-level field (svc_id, device_id) or attributes.NAME. */

export type FieldValue = unknown | { generate: 'uuid' };

/**
 * A value as typed for `path`, the same in the app and on the command line: an attribute's value
 * stays text (the service takes only strings there, so `12` is "12"); another field's is JSON
 * when it reads as JSON (12, true, null, "12"), else the text itself.
 */
export function typedFieldValue(path: string, text: string): unknown {
  if (path.startsWith('attributes.')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface SetFieldOptions {
  indexes?: readonly number[];
  path: string;
  /** The value every selected event gets, or { generate: 'uuid' } for a new UUID each. */
  value: FieldValue;
  /** Where new UUIDs come from; crypto.randomUUID unless a test needs them fixed. */
  uuid?: () => string;
}

export type FieldTarget = { ok: true; field: string; attribute: string | null } | { ok: false; message: string };

const ATTRIBUTES_PREFIX = 'attributes.';

/** Reads `svc_id` or `attributes.plan` (everything after `attributes.` is the attribute's name). */
export function fieldTarget(path: string): FieldTarget {
  if (path.startsWith(ATTRIBUTES_PREFIX)) {
    const attribute = path.slice(ATTRIBUTES_PREFIX.length);
    return attribute === '' ? { ok: false, message: 'Name the attribute to set after "attributes.", as in attributes.plan.' } : { ok: true, field: 'attributes', attribute };
  }
  if (path.trim() === '' || path !== path.trim()) return { ok: false, message: `"${path}" is not a field name: name a field such as svc_id, or attributes.NAME.` };
  if (path.includes('.')) return { ok: false, message: `"${path}" is not a field of an event: set a top-level field such as svc_id, or attributes.NAME.` };
  return { ok: true, field: path, attribute: null };
}

function isGenerated(value: FieldValue): value is { generate: 'uuid' } {
  return isEventObject(value) && Object.keys(value).length === 1 && value.generate === 'uuid';
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

export function setField(events: readonly unknown[], options: SetFieldOptions): TransformResult {
  const target = fieldTarget(options.path);
  if (!target.ok) return target;
  const selection = selectedEvents(events, options.indexes);
  if (!selection.ok) return selection;
  const uuid = options.uuid ?? (() => crypto.randomUUID());
  const result = [...events];
  const changed: number[] = [];
  for (const index of selection.indexes) {
    const event = events[index] as EventObject;
    const value = isGenerated(options.value) ? uuid() : options.value;
    let updated: EventObject;
    if (target.attribute === null) {
      if (Object.hasOwn(event, target.field) && sameValue(event[target.field], value)) continue;
      updated = { ...event, [target.field]: value };
    } else {
      const attributes = event.attributes ?? {};
      if (!isEventObject(attributes)) return { ok: false, message: `Event ${index + 1}'s attributes is not an object, so ${options.path} cannot be set in it.` };
      if (Object.hasOwn(attributes, target.attribute) && sameValue(attributes[target.attribute], value)) continue;
      updated = { ...event, attributes: { ...attributes, [target.attribute]: value } };
    }
    result[index] = updated;
    changed.push(index);
  }
  return { ok: true, events: result, changed };
}
