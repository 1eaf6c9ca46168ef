import { wallClockProblem } from '../../../base/common/datetime.ts';

/**
 * The strict mode's reading of service-api.md §2.3. The specification does not say which fields are
 * required, so all six are, and no others: a sandbox that lets a misspelt field through
 * would hide exactly the mistake it is there to show. Attribute values are strings, as every
 * sample value is ("including numeric-looking amounts such as a spend").
 */

export interface EventProblem {
  index: number;
  /** The field at fault (`attributes.plan` for an attribute), empty for the event as a whole. */
  field: string;
  message: string;
}

/** A 422 lists at most this many problems, so its size does not grow with a bad batch. */
export const LISTED_PROBLEM_LIMIT = 100;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field's rule: whether a value passes, and if not, why not. */
interface FieldRule {
  accepts(value: unknown): boolean;
  explain(value: unknown): string;
}

const text: FieldRule = {
  accepts: (value) => typeof value === 'string',
  explain: (value) => `Must be a string, not ${kindOf(value)}.`,
};

const dateTime: FieldRule = {
  accepts: (value) => typeof value === 'string' && wallClockProblem(value) === null,
  explain: (value) => (typeof value === 'string' ? wallClockProblem(value)!.message : `Must be a date-time text YYYY-MM-DD HH:MM:SS, not ${kindOf(value)}.`),
};

const integer: FieldRule = {
  accepts: (value) => Number.isSafeInteger(value),
  explain: (value) => `Must be an integer, not ${typeof value === 'number' ? value : kindOf(value)}.`,
};

/** The map itself; its values have a rule of their own, attributeValue. */
const attributeMap: FieldRule = {
  accepts: isPlainObject,
  explain: (value) => `Must be an object of attribute names to values, not ${kindOf(value)}.`,
};

const attributeValue: FieldRule = {
  accepts: (value) => typeof value === 'string',
  explain: (value) => `An attribute value must be a string, not ${kindOf(value)}.`,
};

function allAttributeValuesAccepted(attributes: Record<string, unknown>): boolean {
  for (const name in attributes) if (typeof attributes[name] !== 'string') return false;
  return true;
}

/** The event fields docs/service-api.md names besides the service id, whose name is a setting. */
export const EVENT_FIELDS = ['token', 'attributes', 'created_at', 'device_id', 'customer_id'] as const;

/**
 * The quick pass, run on every event: true exactly when the full pass below finds nothing.
 * It is written out rather than driven by the table of rules because it runs four times
 * faster, and it is most of what the sandbox does per event; a property test keeps the two
 * passes in agreement.
 */
export function acceptsEvent(event: unknown, serviceIdField: string): boolean {
  if (!isPlainObject(event)) return false;
  const { token, attributes, created_at: createdAt, device_id: deviceId, customer_id: customerId } = event;
  return (
    typeof token === 'string' &&
    typeof deviceId === 'string' &&
    typeof customerId === 'string' &&
    typeof createdAt === 'string' &&
    wallClockProblem(createdAt) === null &&
    Object.hasOwn(event, serviceIdField) &&
    Number.isSafeInteger(event[serviceIdField]) &&
    isPlainObject(attributes) &&
    allAttributeValuesAccepted(attributes) &&
    // All six fields are there, so six keys means no other.
    Object.keys(event).length === EVENT_FIELDS.length + 1
  );
}

/** The full pass, for an event the quick pass refused: every problem it has, each with its field. */
export function problemsOfEvent(event: unknown, serviceIdField: string): Omit<EventProblem, 'index'>[] {
  if (!isPlainObject(event)) return [{ field: '', message: `An event must be a JSON object, not ${kindOf(event)}.` }];
  const rules: ReadonlyArray<[field: string, rule: FieldRule]> = [
    ['token', text],
    ['attributes', attributeMap],
    ['created_at', dateTime],
    [serviceIdField, integer],
    ['device_id', text],
    ['customer_id', text],
  ];
  const problems: Omit<EventProblem, 'index'>[] = [];
  for (const [field, rule] of rules) {
    if (!Object.hasOwn(event, field)) problems.push({ field, message: 'Required.' });
    else if (!rule.accepts(event[field])) problems.push({ field, message: rule.explain(event[field]) });
  }
  for (const field of Object.keys(event)) {
    if (!rules.some(([known]) => known === field)) problems.push({ field, message: 'Not a field of a user event.' });
  }
  if (isPlainObject(event.attributes)) {
    for (const [name, value] of Object.entries(event.attributes)) {
      if (!attributeValue.accepts(value)) problems.push({ field: `attributes.${name}`, message: attributeValue.explain(value) });
    }
  }
  return problems;
}

export interface BatchProblems {
  /** The first LISTED_PROBLEM_LIMIT problems, for the 422. */
  listed: EventProblem[];
  total: number;
  /** Each event with problems, by its index, with all of them (the capture keeps them). */
  byEvent: Map<number, Omit<EventProblem, 'index'>[]>;
}

/** Every problem of a batch, the first LISTED_PROBLEM_LIMIT of them listed. */
export function eventProblems(events: readonly unknown[], serviceIdField: string): BatchProblems {
  const listed: EventProblem[] = [];
  const byEvent = new Map<number, Omit<EventProblem, 'index'>[]>();
  let total = 0;
  events.forEach((event, index) => {
    if (acceptsEvent(event, serviceIdField)) return;
    const problems = problemsOfEvent(event, serviceIdField);
    byEvent.set(index, problems);
    total += problems.length;
    for (const problem of problems.slice(0, LISTED_PROBLEM_LIMIT - listed.length)) listed.push({ index, ...problem });
  });
  return { listed, total, byEvent };
}
