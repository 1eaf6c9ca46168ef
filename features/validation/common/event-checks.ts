import { wallClockProblem } from '../../../base/common/datetime.ts';
import { findTemplates, templateResultType } from '../../environments/common/templates.ts';
import { fingerprintOf, fingerprintOfFields } from './duplicate-events.ts';
import { separators, shapeOf } from './keys-written-once.ts';
import { attributeToString, newDeviceId, reformatDateTime, serviceIdFromString, type ValueFix } from './quick-fixes.ts';
import { isUuidShaped, plainWallClock } from './text-shapes.ts';
import { MISSING_FIELD_CODES, SERVICE_ID_FIELD, SPEC_FIELDS, type RuleSeverity, type SpecField, type WarningCode } from '../../environments/common/rules.ts';

/**
 * The checks of one event against docs/service-api.md §2.3 and the rules, with messages for a tester:
 * what is wrong and what is expected. This runs on every event of a batch, so an event as the
 * service expects it is read by its six fields (isPlainEvent), any other in one pass over its
 * keys, and nothing is allocated for an event without problems. The same reading takes what
 * the batch's other checks need of the event (EventTally): on a large batch, fetching an
 * event's values from memory a second time costs about as much as checking them.
 */

export interface CheckContext {
  serviceIdField: string;
  timeZone: string;
  /** The wall clock in timeZone now, as messages show it. */
  now: string;
  /** created_at later than this wall clock (in timeZone) is in the future. */
  latest: string;
  /** created_at earlier than this wall clock is very old. */
  earliest: string;
  /** latest and earliest as plainWallClock numbers them. */
  latestClock: number;
  earliestClock: number;
  maxAgeDays: number;
  severity: Readonly<Record<WarningCode, RuleSeverity>>;
}

export interface EventProblem {
  code: string;
  message: string;
  /** Where in the event: [] for the event itself, [field], or [field, attribute]. */
  at: readonly string[];
  /** What to underline: the value at `at`, its key, or the start of the event. */
  mark: 'value' | 'key' | 'start';
  /** The fix, given the value's text as written. */
  fix?: (valueText: string) => ValueFix | null;
}

/** What the batch needs of an event besides its problems, filled in by checkEvent. */
export interface EventTally {
  /** The commas a JSON text of the event needs between members and elements (see keys-written-once.ts). */
  separators: number;
  /** The event's fingerprint (see duplicate-events.ts). */
  fingerprint: number;
  /** How many levels of arrays and objects the element nests: 1 for an object of plain values, 2 with attributes. */
  depth: number;
  /**
   * The created_at of an event with no problem under any rules, as plainWallClock numbers it;
   * NaN for any other element. A later `now` changes such an event's verdict only when its
   * clock falls outside the new bounds, so an incremental run re-checks only those.
   */
  clock: number;
}

const SHOWN_STRING_LENGTH = 40;

/** `the string "12"`, `the number 12.5`, `null`, `an array`: a value as a message names it. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > SHOWN_STRING_LENGTH ? `${value.slice(0, SHOWN_STRING_LENGTH)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return `the number ${value}`;
  if (value === null || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adds a value at `level` of the event (1 for a field's, 2 for an attribute's) to the tally. */
function tallyValue(value: unknown, level: number, tally: EventTally): void {
  const shape = shapeOf(value);
  tally.separators += shape.commas;
  if (level + shape.depth > tally.depth) tally.depth = level + shape.depth;
}

function add(problems: EventProblem[] | null, problem: EventProblem): EventProblem[] {
  if (problems === null) return [problem];
  problems.push(problem);
  return problems;
}

const WHAT_FIELDS_HOLD: Record<SpecField, string> = {
  token: 'a string',
  attributes: 'an object of attribute names to string values, like {"plan": "pro"}',
  created_at: 'a date-time text YYYY-MM-DD HH:MM:SS',
  svc_id: 'an integer',
  device_id: 'a UUID-shaped text, like "1b4e28ba-2fa1-11d2-883f-0016d3cca427"',
  customer_id: 'a string',
};

/**
 * A value holding templates ({{$uuid}}, {{$now}}, {{$seq}}…) is resolved at send time, so its
 * form is judged by what it will become. Only reached where the plain checks already failed,
 * so templates cost nothing on a batch without them. Null: not a template.
 */
function templateProblem(value: string, field: string, expect: 'string' | 'number' | 'date-time'): { problem: string | null } | null {
  const kind = templateResultType(value);
  if (kind === null) return null;
  const broken = findTemplates(value).find((span) => span.problem !== null);
  if (broken) return { problem: `${field}: ${broken.problem}` };
  if (expect === 'number' && kind !== 'number')
    return { problem: `${field} must be an integer: a template here must be exactly "{{$seq}}" or "{{$randomInt min max}}", not ${describeValue(value)}.` };
  if (expect === 'date-time' && !/^\{\{\s*\$now\b[^}]*\}\}$/.test(value))
    return {
      problem: `created_at must be a date-time: a template here must be exactly "{{$now}}" (with an offset like "{{$now -15m}}" if needed), not ${describeValue(value)}.`,
    };
  return { problem: null };
}

function templated(
  problems: EventProblem[] | null,
  value: string,
  field: string,
  expect: 'string' | 'number' | 'date-time',
  code: string,
): EventProblem[] | null | undefined {
  const verdict = templateProblem(value, field, expect);
  if (verdict === null) return undefined;
  return verdict.problem === null ? problems : add(problems, { code, message: verdict.problem, at: [field], mark: 'value' });
}

const AT_DEVICE_ID = ['device_id'] as const;
const AT_CREATED_AT = ['created_at'] as const;

function checkDeviceId(value: unknown, context: CheckContext, problems: EventProblem[] | null): EventProblem[] | null {
  if (typeof value !== 'string')
    return add(problems, {
      code: 'wrong-type',
      message: `device_id must be a string, not ${describeValue(value)}.`,
      at: AT_DEVICE_ID,
      mark: 'value',
      fix: newDeviceId,
    });
  if (context.severity['device-id-not-uuid'] === 'off' || isUuidShaped(value)) return problems;
  const template = templated(problems, value, 'device_id', 'string', 'template-invalid');
  if (template !== undefined) return template;
  return add(problems, {
    code: 'device-id-not-uuid',
    message: `device_id should be UUID-shaped (8-4-4-4-12 hexadecimal digits), not ${describeValue(value)}.`,
    at: AT_DEVICE_ID,
    mark: 'value',
    fix: newDeviceId,
  });
}

function checkCreatedAt(value: unknown, context: CheckContext, problems: EventProblem[] | null): EventProblem[] | null {
  const at = AT_CREATED_AT;
  if (typeof value !== 'string')
    return add(problems, {
      code: 'wrong-type',
      message: `created_at must be a date-time text YYYY-MM-DD HH:MM:SS, not ${describeValue(value)}.`,
      at,
      mark: 'value',
    });
  const clock = plainWallClock(value);
  if (clock >= context.earliestClock && clock <= context.latestClock) return problems;
  const problem = wallClockProblem(value);
  if (problem?.code === 'date-time-format') {
    const template = templated(problems, value, 'created_at', 'date-time', 'created-at-format');
    if (template !== undefined) return template;
    const fix = reformatDateTime(value, context.timeZone);
    return add(problems, {
      code: 'created-at-format',
      message: `created_at must be in the form YYYY-MM-DD HH:MM:SS, not ${describeValue(value)}${fix ? ' (a quick fix can rewrite it)' : ''}.`,
      at,
      mark: 'value',
      ...(fix ? { fix: () => fix } : {}),
    });
  }
  if (problem)
    return add(problems, { code: 'created-at-impossible', message: `created_at "${value}" is not a real date-time: ${problem.message}`, at, mark: 'value' });
  if (value > context.latest && context.severity['created-at-future'] !== 'off') {
    return add(problems, {
      code: 'created-at-future',
      message: `created_at ${value} is in the future: it is ${context.now} now in ${context.timeZone}.`,
      at,
      mark: 'value',
    });
  }
  if (value < context.earliest && context.severity['created-at-old'] !== 'off') {
    return add(problems, {
      code: 'created-at-old',
      message: `created_at ${value} is more than ${context.maxAgeDays} days old (before ${context.earliest} in ${context.timeZone}).`,
      at,
      mark: 'value',
    });
  }
  return problems;
}

function checkServiceId(value: unknown, context: CheckContext, problems: EventProblem[] | null): EventProblem[] | null {
  if (Number.isSafeInteger(value)) return problems;
  const field = context.serviceIdField;
  if (typeof value === 'string') {
    const template = templated(problems, value, field, 'number', 'service-id-not-integer');
    if (template !== undefined) return template;
  }
  const fix = typeof value === 'string' ? serviceIdFromString(value) : null;
  return add(problems, {
    code: 'service-id-not-integer',
    message: `${field} must be an integer, not ${describeValue(value)}${typeof value === 'number' && Number.isInteger(value) ? ' (too large to be exact)' : ''}.`,
    at: [field],
    mark: 'value',
    ...(fix ? { fix: () => fix } : {}),
  });
}

function checkAttributes(value: unknown, context: CheckContext, problems: EventProblem[] | null, tally: EventTally): EventProblem[] | null {
  if (!isPlainObject(value)) {
    tallyValue(value, 1, tally);
    return add(problems, {
      code: 'attributes-not-object',
      message: `attributes must be ${WHAT_FIELDS_HOLD.attributes}, not ${describeValue(value)}.`,
      at: ['attributes'],
      mark: 'value',
    });
  }
  const report = context.severity['attribute-not-string'] !== 'off';
  if (tally.depth < 2) tally.depth = 2;
  let members = 0;
  for (const name in value) {
    members++;
    const attribute = value[name];
    if (typeof attribute === 'string') continue;
    if (typeof attribute === 'object') tallyValue(attribute, 2, tally);
    if (!report) continue;
    problems = add(problems, {
      code: 'attribute-not-string',
      message: `Attribute "${name}" should be a string, not ${describeValue(attribute)}: the service's sample values are all strings, amounts included.`,
      at: ['attributes', name],
      mark: 'value',
      ...(typeof attribute === 'number' ? { fix: attributeToString } : {}),
    });
  }
  tally.separators += separators(members);
  return problems;
}

function checkText(field: 'token' | 'customer_id', value: unknown, problems: EventProblem[] | null): EventProblem[] | null {
  if (typeof value === 'string') return problems;
  return add(problems, { code: 'wrong-type', message: `${field} must be a string, not ${describeValue(value)}.`, at: [field], mark: 'value' });
}

function unknownField(key: string, context: CheckContext): EventProblem {
  const fields = SPEC_FIELDS.map((field) => (field === SERVICE_ID_FIELD ? context.serviceIdField : field)).join(', ');
  const renamed = key === SERVICE_ID_FIELD ? ` This environment calls the service-id field ${context.serviceIdField}.` : '';
  return { code: 'unknown-field', message: `"${key}" is not a field of a user event; the fields are ${fields}.${renamed}`, at: [key], mark: 'key' };
}

/** One bit per field, to note which an event has without allocating. */
const BIT = Object.fromEntries(SPEC_FIELDS.map((field, index) => [field, 1 << index])) as Record<SpecField, number>;
const ALL_FIELDS_SEEN = (1 << SPEC_FIELDS.length) - 1;

/**
 * True for an event as the service expects it, which has no problem under any rules: the six
 * fields and no other, each of its type and shape, created_at between the bounds, attributes
 * all strings. Most events are; reading their six fields directly, rather than dispatching on
 * each key as it comes, saves about a quarter of the time the checks take. The tally is
 * filled in for a plain event; anything else is left to the full checks.
 */
function isPlainEvent(event: Readonly<Record<string, unknown>>, context: CheckContext, tally: EventTally): boolean {
  let members = 0;
  for (const _key in event) members++;
  if (members !== SPEC_FIELDS.length) return false;
  // The six names are six different own fields (a service-id field named like another one
  // cannot be both an integer and a string or object), so there is no other field.
  const token = event.token;
  const attributes = event.attributes;
  const createdAt = event.created_at;
  const serviceId = event[context.serviceIdField];
  const deviceId = event.device_id;
  const customerId = event.customer_id;
  if (
    typeof token !== 'string' ||
    typeof customerId !== 'string' ||
    typeof createdAt !== 'string' ||
    typeof deviceId !== 'string' ||
    !Number.isSafeInteger(serviceId) ||
    !isPlainObject(attributes)
  )
    return false;
  const clock = plainWallClock(createdAt);
  if (clock < context.earliestClock || clock > context.latestClock || !isUuidShaped(deviceId)) return false;
  let entries = 0;
  for (const name in attributes) {
    if (typeof attributes[name] !== 'string') return false;
    entries++;
  }
  tally.separators = separators(members) + separators(entries);
  tally.depth = 2;
  tally.fingerprint = fingerprintOfFields(clock, deviceId, token, customerId, serviceId);
  tally.clock = clock;
  return true;
}

/** The problems of one element of a batch, or null when it has none; `tally` is filled in for the element. */
export function checkEvent(event: unknown, context: CheckContext, tally: EventTally): EventProblem[] | null {
  tally.separators = 0;
  tally.fingerprint = 0;
  tally.depth = 0;
  tally.clock = Number.NaN;
  if (!isPlainObject(event)) {
    tallyValue(event, 0, tally);
    return [
      {
        code: 'event-not-object',
        message: `Each event must be a JSON object { "token": …, "created_at": …, … }, not ${describeValue(event)}.`,
        at: [],
        mark: 'value',
      },
    ];
  }
  if (isPlainEvent(event, context, tally)) return null;
  tally.depth = 1;
  let problems: EventProblem[] | null = null;
  let seen = 0;
  let members = 0;
  for (const key in event) {
    const value = event[key];
    members++;
    if (key === context.serviceIdField) {
      seen |= BIT.svc_id;
      problems = checkServiceId(value, context, problems);
    } else if (key === 'token' || key === 'customer_id') {
      seen |= BIT[key];
      problems = checkText(key, value, problems);
    } else if (key === 'created_at') {
      seen |= BIT.created_at;
      problems = checkCreatedAt(value, context, problems);
    } else if (key === 'device_id') {
      seen |= BIT.device_id;
      problems = checkDeviceId(value, context, problems);
    } else if (key === 'attributes') {
      seen |= BIT.attributes;
      problems = checkAttributes(value, context, problems, tally);
      continue; // its separators counted
    } else if (context.severity['unknown-field'] !== 'off') {
      problems = add(problems, unknownField(key, context));
    }
    if (typeof value === 'object' && value !== null) tallyValue(value, 1, tally);
  }
  tally.separators += separators(members);
  tally.fingerprint = fingerprintOf(event, context.serviceIdField);
  if (seen === ALL_FIELDS_SEEN) return problems;
  for (const field of SPEC_FIELDS) {
    const code = MISSING_FIELD_CODES[field];
    if (seen & BIT[field] || context.severity[code] === 'off') continue;
    const name = field === SERVICE_ID_FIELD ? context.serviceIdField : field;
    problems = add(problems, { code, message: `This event has no ${name}; every event should carry one (${WHAT_FIELDS_HOLD[field]}).`, at: [], mark: 'start' });
  }
  return problems;
}
