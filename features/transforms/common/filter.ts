import type { ComparisonOperator, EventFilter, FieldPath } from './filter-syntax.ts';

/**
 * The filter language (see filter-syntax.ts for its grammar) and what a filter matches. A
 * filter is plain data, so it can cross to a worker; eventMatches compiles it once into
 * closures, since the Form view and the CLI run one filter over up to 100 000 events.
 */
export {
  FILTER_FIELDS,
  describeFilter,
  parseFilter,
  type ComparisonOperator,
  type EventFilter,
  type FieldPath,
  type FilterOptions,
  type FilterParse,
} from './filter-syntax.ts';

type Matcher = (event: Record<string, unknown>) => boolean;

const compiled = new WeakMap<EventFilter, Matcher>();

/** True when the event (any JSON value; only an object can match a condition) matches the filter. */
export function eventMatches(filter: EventFilter, event: unknown): boolean {
  if (filter.kind === 'all') return true;
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return false;
  let matcher = compiled.get(filter);
  if (matcher === undefined) {
    matcher = compile(filter);
    compiled.set(filter, matcher);
  }
  return matcher(event as Record<string, unknown>);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reader(field: FieldPath): (event: Record<string, unknown>) => unknown {
  const [first, name] = field;
  if (name === undefined) return (event) => (Object.hasOwn(event, first) ? event[first] : undefined);
  return (event) => {
    const attributes = event.attributes;
    return isRecord(attributes) && Object.hasOwn(attributes, name) ? attributes[name] : undefined;
  };
}

function numberIn(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** `a` against `b`: negative, zero or positive, or null when they are not comparable. */
type Comparer = (actual: unknown) => number | null;

/**
 * created_at is compared as written (`YYYY-MM-DD HH:MM:SS` orders as text), cut to the length
 * of the value: `created_at = 2026-11-20` is that whole day, `> 2026-11-20` after it.
 */
function dateTimeComparer(value: string): Comparer {
  return (actual) => {
    if (typeof actual !== 'string') return null;
    const written = actual[10] === 'T' ? `${actual.slice(0, 10)} ${actual.slice(11)}` : actual;
    const prefix = written.slice(0, value.length);
    return prefix < value ? -1 : prefix > value ? 1 : 0;
  };
}

/** Numbers numerically (a numeric string such as an amount "19.99" too), other text as text. */
function valueComparer(value: string): Comparer {
  const number = numberIn(value);
  return (actual) => {
    const actualNumber = typeof actual === 'number' ? actual : typeof actual === 'string' && number !== null ? numberIn(actual) : null;
    if (number !== null && actualNumber !== null) return actualNumber - number;
    if (typeof actual === 'string') return actual < value ? -1 : actual > value ? 1 : 0;
    return null;
  };
}

/** Equality: a string exactly, a number numerically, true/false/null by their names. */
function equality(field: FieldPath, value: string): (actual: unknown) => boolean {
  if (field[0] === 'created_at' && field.length === 1) {
    const compare = dateTimeComparer(value);
    return (actual) => compare(actual) === 0;
  }
  const number = numberIn(value);
  return (actual) => {
    if (typeof actual === 'string') return actual === value;
    if (typeof actual === 'number') return number !== null && actual === number;
    if (typeof actual === 'boolean' || actual === null) return String(actual) === value;
    return false;
  };
}

const ORDER: Record<Exclude<ComparisonOperator, '=' | '!='>, (difference: number) => boolean> = {
  '<': (difference) => difference < 0,
  '<=': (difference) => difference <= 0,
  '>': (difference) => difference > 0,
  '>=': (difference) => difference >= 0,
};

function compareMatcher(field: FieldPath, operator: ComparisonOperator, value: string): Matcher {
  const read = reader(field);
  if (operator === '=' || operator === '!=') {
    const equals = equality(field, value);
    return operator === '=' ? (event) => equals(read(event)) : (event) => !equals(read(event));
  }
  const compare = field[0] === 'created_at' && field.length === 1 ? dateTimeComparer(value) : valueComparer(value);
  const holds = ORDER[operator];
  return (event) => {
    const difference = compare(read(event));
    return difference !== null && holds(difference);
  };
}

/** Whether any value inside the event (not its keys) contains the text, ignoring case. */
function textMatcher(text: string): Matcher {
  const needle = text.toLowerCase();
  return (event) => {
    const pending: unknown[] = [event];
    while (pending.length > 0) {
      const value = pending.pop();
      if (typeof value === 'string') {
        if (value.toLowerCase().includes(needle)) return true;
      } else if (typeof value === 'number' || typeof value === 'boolean') {
        if (String(value).includes(needle)) return true;
      } else if (Array.isArray(value)) {
        pending.push(...value);
      } else if (isRecord(value)) {
        for (const key in value) pending.push(value[key]);
      }
    }
    return false;
  };
}

function compile(filter: EventFilter): Matcher {
  switch (filter.kind) {
    case 'all':
      return () => true;
    case 'and': {
      const parts = filter.parts.map(compile);
      return (event) => parts.every((part) => part(event));
    }
    case 'or': {
      const parts = filter.parts.map(compile);
      return (event) => parts.some((part) => part(event));
    }
    case 'not': {
      const part = compile(filter.part);
      return (event) => !part(event);
    }
    case 'compare':
      return compareMatcher(filter.field, filter.operator, filter.value);
    case 'in': {
      const read = reader(filter.field);
      const tests = filter.values.map((value) => equality(filter.field, value));
      return (event) => {
        const actual = read(event);
        return tests.some((test) => test(actual));
      };
    }
    case 'exists': {
      const read = reader(filter.field);
      return (event) => read(event) !== undefined;
    }
    case 'text':
      return textMatcher(filter.text);
  }
}
