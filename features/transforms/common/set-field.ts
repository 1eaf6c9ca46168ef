import { wallClockProblem } from '../../../base/common/datetime.ts';
import { findTemplates, templateResultType } from '../../environments/common/templates.ts';
import { describeValue } from '../../validation/common/event-checks.ts';
import { SERVICE_ID_FIELD, SPEC_FIELDS } from '../../environments/common/rules.ts';
import { isEventObject, selectedEvents, type EventObject, type TransformResult } from './selection.ts';

/** Sets one field on every selected event: a top-level field (svc_id, device_id) or attributes.NAME. */

export type FieldValue = unknown | { generate: 'uuid' };

/** The fields whose values the service takes as text (SERVICE.md's field table). */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['token', 'created_at', 'device_id', 'customer_id']);

/**
 * A value as typed for `path`, the same in the app and on the command line: an attribute's
 * value and a text field's stay text (so `customer_id=123` is "123", as the service takes it);
 * the service id's is JSON when it reads as JSON (12), else the text itself.
 */
export function typedFieldValue(path: string, text: string): unknown {
  if (path.startsWith('attributes.') || TEXT_FIELDS.has(path)) return text;
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
  /** The environment's name for the service-id field (svc_id in the specification). */
  serviceIdField?: string;
}

export type FieldTarget = { ok: true; field: string; attribute: string | null } | { ok: false; message: string };

const ATTRIBUTES_PREFIX = 'attributes.';

/** Reads `svc_id` or `attributes.plan` (everything after `attributes.` is the attribute's name); a field the service does not name is refused. */
export function fieldTarget(path: string, serviceIdField: string = SERVICE_ID_FIELD): FieldTarget {
  if (path.startsWith(ATTRIBUTES_PREFIX)) {
    const attribute = path.slice(ATTRIBUTES_PREFIX.length);
    return attribute === ''
      ? { ok: false, message: 'Name the attribute to set after "attributes.", as in attributes.plan.' }
      : { ok: true, field: 'attributes', attribute };
  }
  if (path === 'attributes') return { ok: false, message: 'attributes holds the attributes: set one of them, as in attributes.plan.' };
  const fields = SPEC_FIELDS.filter((field) => field !== 'attributes').map((field) => (field === SERVICE_ID_FIELD ? serviceIdField : field));
  if (!fields.includes(path)) return { ok: false, message: `"${path}" is not a field of an event: set ${fields.join(', ')} or attributes.NAME.` };
  return { ok: true, field: path, attribute: null };
}

/** A text that is exactly one template of this kind ({{$now -15m}}), resolved at send time. */
function isWholeTemplate(value: string, kind: string): boolean {
  const spans = findTemplates(value);
  return spans.length === 1 && spans[0]!.start === 0 && spans[0]!.end === value.length && spans[0]!.template?.kind === kind;
}

/**
 * What the service's rules (docs/service-api.md §2.3) say against giving `field` this value, or
 * null: created_at is a date-time YYYY-MM-DD HH:MM:SS, the service-id field a whole number; each
 * may also be the template validation takes there ({{$now}}, {{$seq}}). Other fields take any value.
 */
function valueProblem(field: string, value: FieldValue, serviceIdField: string): string | null {
  const generated = isGenerated(value);
  if (field === 'created_at') {
    if (!generated && typeof value === 'string' && (wallClockProblem(value) === null || isWholeTemplate(value, 'now'))) return null;
    const problem = typeof value === 'string' ? wallClockProblem(value) : null;
    const why = problem !== null && problem.code !== 'date-time-format' ? `: ${problem.message}` : `, not ${generated ? 'a new UUID' : describeValue(value)}.`;
    return `created_at must be a date-time written YYYY-MM-DD HH:MM:SS (or {{$now}})${why}`;
  }
  if (field === serviceIdField) {
    if (!generated && (Number.isSafeInteger(value) || (typeof value === 'string' && templateResultType(value) === 'number'))) return null;
    return `${field} must be a whole number (or {{$seq}}), not ${generated ? 'a new UUID' : describeValue(value)}.`;
  }
  return null;
}

/** Where `value` goes, or why it cannot go to `path`. */
function assignmentTarget(path: string, value: FieldValue, serviceIdField: string): FieldTarget {
  const target = fieldTarget(path, serviceIdField);
  const problem = target.ok && target.attribute === null ? valueProblem(target.field, value, serviceIdField) : null;
  return problem === null ? target : { ok: false, message: problem };
}

/** What is wrong with setting `path` to `value`, the same words in the app's form and on the command line; null when nothing is. */
export function assignmentProblem(path: string, value: FieldValue, serviceIdField: string = SERVICE_ID_FIELD): string | null {
  const target = assignmentTarget(path, value, serviceIdField);
  return target.ok ? null : target.message;
}

function isGenerated(value: FieldValue): value is { generate: 'uuid' } {
  return isEventObject(value) && Object.keys(value).length === 1 && value.generate === 'uuid';
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

export function setField(events: readonly unknown[], options: SetFieldOptions): TransformResult {
  const target = assignmentTarget(options.path, options.value, options.serviceIdField ?? SERVICE_ID_FIELD);
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
      if (!isEventObject(attributes))
        return { ok: false, message: `Event ${index + 1}'s attributes is not an object, so ${options.path} cannot be set in it.` };
      if (Object.hasOwn(attributes, target.attribute) && sameValue(attributes[target.attribute], value)) continue;
      updated = { ...event, attributes: { ...attributes, [target.attribute]: value } };
    }
    result[index] = updated;
    changed.push(index);
  }
  return { ok: true, events: result, changed };
}
