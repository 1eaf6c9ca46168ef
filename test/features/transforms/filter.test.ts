import { describe, expect, it } from 'vitest';
import { describeFilter, eventMatches, parseFilter, type EventFilter } from '../../../features/transforms/common/filter.ts';
import { validEvent } from '../../fixtures/events.ts';

function filterOf(expression: string, serviceIdField?: string): EventFilter {
  const parsed = parseFilter(expression, { serviceIdField });
  if (!parsed.ok) throw new Error(`${expression}: ${parsed.message} (column ${parsed.column})`);
  return parsed.filter;
}

const events = [
  validEvent({
    token: 'a',
    customer_id: 'cust-7781',
    created_at: '2026-11-19 23:59:59',
    svc_id: 7,
    attributes: { plan: 'pro', spend: '19.99', 'first name': 'Ada', 'a.b': 'dotted' },
  }),
  validEvent({
    token: 'b',
    customer_id: 'cust-1',
    created_at: '2026-11-20 00:00:00',
    svc_id: 12,
    attributes: { plan: 'free', spend: '5', note: 'Paid by Visa' },
  }),
  validEvent({ token: 'c', customer_id: 'cust-7781', created_at: '2026-11-20 14:30:00', svc_id: 100, attributes: {} }),
  validEvent({ token: 'd', customer_id: 'cust-2', created_at: '2026-11-21 08:00:00', svc_id: 12, device_id: null }),
];

function tokensMatching(expression: string, serviceIdField?: string): string[] {
  const filter = filterOf(expression, serviceIdField);
  return events.filter((event) => eventMatches(filter, event)).map((event) => String(event.token));
}

describe('eventMatches', () => {
  it('matches everything with an empty expression', () => {
    expect(tokensMatching('   ')).toEqual(['a', 'b', 'c', 'd']);
    expect(eventMatches(filterOf(''), 42)).toBe(true);
  });

  it('compares fields for equality and inequality', () => {
    expect(tokensMatching('customer_id = cust-7781')).toEqual(['a', 'c']);
    expect(tokensMatching('customer_id != cust-7781')).toEqual(['b', 'd']);
    expect(tokensMatching('token in (a, "d")')).toEqual(['a', 'd']);
  });

  it('compares created_at as date-times, a partial date standing for its whole period', () => {
    expect(tokensMatching('created_at >= 2026-11-20')).toEqual(['b', 'c', 'd']);
    expect(tokensMatching('created_at < 2026-11-20')).toEqual(['a']);
    expect(tokensMatching('created_at = 2026-11-20')).toEqual(['b', 'c']);
    expect(tokensMatching('created_at > 2026-11-20')).toEqual(['d']);
    expect(tokensMatching('created_at <= 2026-11-20')).toEqual(['a', 'b', 'c']);
    expect(tokensMatching('created_at > "2026-11-20 14:29:59"')).toEqual(['c', 'd']);
    expect(tokensMatching('created_at >= 2026-11-20T14:30')).toEqual(['c', 'd']);
  });

  it('compares numbers numerically, numeric strings included', () => {
    expect(tokensMatching('svc_id > 9')).toEqual(['b', 'c', 'd']);
    expect(tokensMatching('svc_id = 12.0')).toEqual(['b', 'd']);
    expect(tokensMatching('attributes.spend < 10')).toEqual(['b']);
  });

  it('reads the service-id field under the environment’s name, with svc_id as its alias', () => {
    const renamed = validEvent({ token: 'x', acme_id: 3 });
    expect(eventMatches(filterOf('svc_id = 3', 'acme_id'), renamed)).toBe(true);
    expect(eventMatches(filterOf('acme_id = 3', 'acme_id'), renamed)).toBe(true);
  });

  it('tests attributes by name, quoted when the name has spaces', () => {
    expect(tokensMatching('attributes.plan exists')).toEqual(['a', 'b', 'd']);
    expect(tokensMatching('attributes."first name" = Ada')).toEqual(['a']);
    expect(tokensMatching('attributes.a.b = dotted')).toEqual(['a']);
    expect(tokensMatching('device_id exists')).toEqual(['a', 'b', 'c', 'd']);
    expect(tokensMatching('device_id = null')).toEqual(['d']);
  });

  it('combines with not, and, or and parentheses, and reads side-by-side conditions as and', () => {
    expect(tokensMatching('customer_id = cust-7781 and not attributes.plan exists')).toEqual(['c']);
    expect(tokensMatching('token = a or token = b and svc_id = 100')).toEqual(['a']);
    expect(tokensMatching('(token = a or token = b) and svc_id = 12')).toEqual(['b']);
    expect(tokensMatching('customer_id = cust-7781 svc_id = 7')).toEqual(['a']);
    expect(tokensMatching('NOT token = a AND Token = b'.replace('Token', 'token'))).toEqual(['b']);
  });

  it('searches free text in any value, ignoring case', () => {
    expect(tokensMatching('7781')).toEqual(['a', 'c']);
    expect(tokensMatching('"paid by visa"')).toEqual(['b']);
    expect(tokensMatching('VISA or ada')).toEqual(['a', 'b']);
    expect(tokensMatching('plan')).toEqual([]);
  });

  it('matches no condition on a value that is not an event object', () => {
    expect(eventMatches(filterOf('token = a'), ['a'])).toBe(false);
    expect(eventMatches(filterOf('not token = a'), null)).toBe(false);
  });
});

describe('parseFilter errors', () => {
  const cases: [string, string, number][] = [
    ['custmer_id = x', 'unknown field “custmer_id”: fields are token, customer_id, device_id, created_at, svc_id, attributes or attributes.NAME', 1],
    ['token = a and plan exists', 'unknown field “plan”', 15],
    ['created_at >= tomorrow', 'expected a date-time after “created_at >=”, such as 2026-11-20', 15],
    ['token =', 'expected a value after “token =”', 8],
    ['(token = a', 'expected “)” to close the “(” at column 1', 11],
    ['token = a)', 'unexpected “)”: there is no “(” to close', 10],
    ['= a', 'unexpected “=”: expected a field before it', 1],
    ['token = "a', 'unclosed quote: expected a closing "', 9],
    ['"a\\q"', 'unknown escape “\\q”', 3],
    ['token in a', 'expected “(” after “token in”', 10],
    ['token in (a b)', 'expected “,” or “)” in the list of values opened at column 10', 13],
    ['not', 'expected a condition after “not”', 4],
    ['a and', 'expected a condition after “and”', 6],
    ['or a', 'unexpected “or”', 1],
    ['attributes. = x', 'expected an attribute name after “attributes.”', 12],
    ['created_at >= 2026-11-40', '“2026-11-40” is not a date in the calendar', 15],
    ['token = a and created_at < 2026-02-30', '“2026-02-30” is not a date in the calendar', 28],
    ['created_at in (2026-11-20, 2026-13)', '“2026-13” is not a date in the calendar', 28],
    ['created_at = "2026-11-20 24:00"', '“24:00” is not a time of day (00:00:00 to 23:59:59)', 14],
    ['created_at > 2026-11-20T10:61', '“10:61” is not a time of day', 14],
  ];
  it.each(cases)('%s', (expression, message, column) => {
    const parsed = parseFilter(expression);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toContain(message);
    expect(parsed.column).toBe(column);
  });

  it('names the environment’s service-id field among the fields', () => {
    const parsed = parseFilter('x = 1', { serviceIdField: 'acme_id' });
    expect(parsed.ok || parsed.message).toContain('svc_id (acme_id)');
  });
});

describe('describeFilter', () => {
  it('writes a filter back as an expression', () => {
    expect(describeFilter(filterOf('(token = a or not token = "b c") and attributes."first name" exists created_at >= 2026-11-20T10:00'))).toBe(
      '(token = a or not token = "b c") and attributes."first name" exists and created_at >= "2026-11-20 10:00"',
    );
    expect(describeFilter(filterOf('"and" or x'))).toBe('"and" or x');
  });
});
