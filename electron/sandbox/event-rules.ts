import { parseWallClock } from '../../shared/datetime.ts';

/**
 * The strict mode's reading of SERVICE.md 2.3. The specification does not say which fields are
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

type FieldRule = (value: unknown) => string | null;

const mustBeString: FieldRule = (value) => (typeof value === 'string' ? null : `Must be a string, not ${kindOf(value)}.`);

const mustBeDateTime: FieldRule = (value) => {
  if (typeof value !== 'string') return `Must be a date-time text YYYY-MM-DD HH:MM:SS, not ${kindOf(value)}.`;
  const parsed = parseWallClock(value);
  return parsed.ok ? null : parsed.error.message;
};

const mustBeInteger: FieldRule = (value) => (Number.isSafeInteger(value) ? null : `Must be an integer, not ${typeof value === 'number' ? value : kindOf(value)}.`);

export function eventProblems(events: readonly unknown[], serviceIdField: string): { listed: EventProblem[]; total: number } {
  const rules: Record<string, FieldRule> = {
    token: mustBeString,
    attributes: (value) => (isPlainObject(value) ? null : `Must be an object of attribute names to values, not ${kindOf(value)}.`),
    created_at: mustBeDateTime,
    [serviceIdField]: mustBeInteger,
    device_id: mustBeString,
    customer_id: mustBeString,
  };
  const ruleList = Object.entries(rules);
  const listed: EventProblem[] = [];
  let total = 0;
  const report = (index: number, field: string, message: string) => {
    total++;
    if (listed.length < LISTED_PROBLEM_LIMIT) listed.push({ index, field, message });
  };

  events.forEach((event, index) => {
    if (!isPlainObject(event)) return report(index, '', `An event must be a JSON object, not ${kindOf(event)}.`);
    for (const [field, rule] of ruleList) {
      const problem = Object.hasOwn(event, field) ? rule(event[field]) : 'Required.';
      if (problem !== null) report(index, field, problem);
    }
    for (const field of Object.keys(event)) {
      if (!Object.hasOwn(rules, field)) report(index, field, 'Not a field of a user event.');
    }
    if (isPlainObject(event.attributes)) {
      for (const [name, value] of Object.entries(event.attributes)) {
        if (typeof value !== 'string') report(index, `attributes.${name}`, `An attribute value must be a string, not ${kindOf(value)}.`);
      }
    }
  });
  return { listed, total };
}
