import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  WARNING_CODES,
  rulesFor,
  validateBatch,
  type Diagnostic,
  type ValidationRules,
} from '../../../features/validation/common/validation.ts';
import { RULES, applyFix, marked, validEvent } from './validation-support.ts';

function diagnose(text: string, rules: ValidationRules = RULES): Diagnostic[] {
  return validateBatch(text, rules).diagnostics;
}

function batch(...events: unknown[]): string {
  return JSON.stringify(events, null, 2);
}

/** The one diagnostic with `code`, failing when there is not exactly one. */
function only(diagnostics: Diagnostic[], code: string): Diagnostic {
  const found = diagnostics.filter((diagnostic) => diagnostic.code === code);
  expect(found, JSON.stringify(diagnostics, null, 2)).toHaveLength(1);
  return found[0]!;
}

describe('a valid batch', () => {
  it('has no diagnostics and gives back the events', () => {
    const text = batch(validEvent(), validEvent({ token: 'tok_2' }));
    const result = validateBatch(text, RULES);
    expect(result.diagnostics).toEqual([]);
    expect(result.events).toEqual(JSON.parse(text));
  });

  it('may be written compactly, with tabs, or with escapes in its strings', () => {
    const events = [validEvent({ token: 'a "quoted" \\ token\u00e9' }), validEvent({ attributes: { '1': 'x', b: 'y', 'é\n': 'z' } })];
    for (const text of [JSON.stringify(events), JSON.stringify(events, null, '\t')]) expect(diagnose(text)).toEqual([]);
  });
});

describe('texts that are not a batch', () => {
  it.each([
    ['[\n  {"token": "a",}\n]', 2, 17, "expected a field name in double quotes, found '}'"],
    ['[\n  {"token" "a"}\n]', 2, 12, "expected ':' after the field name"],
    ['[\n  {"token": "a"}\n  {"token": "b"}\n]', 3, 3, "expected ',' or ']', found '{'"],
    ['[{"token": \'a\'}]', 1, 12, 'expected a value'],
    ['[{"token": "a\tb"}]', 1, 14, 'control character'],
    ['[{"token": "a\\qb"}]', 1, 14, 'bad escape'],
    ['[{"svc_id": 012}]', 1, 14, "expected ',' or '}', found '12'"],
    ['[{"a": 1 "b\n"}]', 1, 10, `expected ',' or '}', found '"b'`],
    ['[{"a": 1 2.}]', 1, 10, "expected ',' or '}', found '2.'"],
    ['[\u00A0{}]', 1, 2, 'found "\\u00A0"'],
    ['[{"a": 1} // note\n]', 1, 11, 'JSON has no comments'],
    ['[{"a": 1}] x', 1, 12, 'more after the end of the JSON'],
    ['[{"a": 1}', 1, 10, "it ends where ',' or ']' should be"],
    ['', 1, 1, 'The text is empty'],
  ])('%j is not JSON, at line %i column %i', (text, line, column, words) => {
    const diagnostic = only(diagnose(text), 'not-json');
    expect(diagnostic).toMatchObject({ severity: 'error', path: '', line, column });
    expect(diagnostic.message).toContain(words);
    expect(validateBatch(text, RULES).events).toBeUndefined();
  });

  it('an object is not a batch, and the message says how to send one event', () => {
    const diagnostic = only(diagnose(JSON.stringify(validEvent())), 'not-an-array');
    expect(diagnostic.message).toBe('A batch must be a JSON array of events, [ { … }, { … } ], not an object. To send one event, put it between [ and ].');
  });

  it('an empty array is an error over the brackets', () => {
    const text = '  [ ]  ';
    const diagnostic = only(diagnose(text), 'empty-batch');
    expect(marked(text, diagnostic)).toBe('[ ]');
    expect(validateBatch(text, RULES).events).toEqual([]);
  });

  it('an element that is not an object is an error over that element', () => {
    const text = batch(validEvent(), 'oops', [1]);
    const diagnostics = diagnose(text).filter((diagnostic) => diagnostic.code === 'event-not-object');
    expect(diagnostics.map((diagnostic) => [diagnostic.path, marked(text, diagnostic)])).toEqual([
      ['/1', '"oops"'],
      ['/2', '[\n    1\n  ]'],
    ]);
    expect(diagnostics[0]!.message).toBe('Each event must be a JSON object { "token": …, "created_at": …, … }, not the string "oops".');
  });
});

describe('field errors', () => {
  it.each([
    ['token', 5, 'token must be a string, not the number 5.'],
    ['customer_id', null, 'customer_id must be a string, not null.'],
    ['device_id', true, 'device_id must be a string, not true.'],
    ['created_at', 1767261600, 'created_at must be a date-time text YYYY-MM-DD HH:MM:SS, not the number 1767261600.'],
  ])('%s of the wrong type', (field, value, message) => {
    const text = batch(validEvent(), validEvent({ [field]: value }));
    expect(only(diagnose(text), 'wrong-type')).toMatchObject({ severity: 'error', path: `/1/${field}`, message });
  });

  it('a numeric string service id is an error with a fix to the number', () => {
    const text = batch(validEvent({ svc_id: '12' }));
    const diagnostic = only(diagnose(text), 'service-id-not-integer');
    expect(diagnostic).toMatchObject({ severity: 'error', path: '/0/svc_id', message: 'svc_id must be an integer, not the string "12".' });
    expect(marked(text, diagnostic)).toBe('"12"');
    const fixed = applyFix(text, diagnostic.fix!);
    expect(JSON.parse(fixed)[0].svc_id).toBe(12);
    expect(diagnose(fixed)).toEqual([]);
  });

  it.each([12.5, 'twelve', '12.0', null, 2 ** 60])('service id %j is an error without a fix', (value) => {
    const diagnostic = only(diagnose(batch(validEvent({ svc_id: value }))), 'service-id-not-integer');
    expect(diagnostic.fix).toBeUndefined();
  });

  it('the service id is read under the environment’s name for it', () => {
    const rules = { ...RULES, serviceIdField: 'acme_id' };
    const { svc_id: _unused, ...event } = validEvent();
    expect(diagnose(batch({ ...event, acme_id: 7 }), rules)).toEqual([]);
    const unknown = only(diagnose(batch(validEvent({ acme_id: 7 })), rules), 'unknown-field');
    expect(unknown.message).toContain('This environment calls the service-id field acme_id.');
  });

  it.each([
    ['2026-02-30 10:00:00', 'created-at-impossible', 'created_at "2026-02-30 10:00:00" is not a real date-time: 2026-02-30 is not a date in the calendar.'],
    [
      '2026-05-01 24:00:00',
      'created-at-impossible',
      'created_at "2026-05-01 24:00:00" is not a real date-time: 24:00:00 is not a time of day (00:00:00 to 23:59:59).',
    ],
    ['01/05/2026 10:00', 'created-at-format', 'created_at must be in the form YYYY-MM-DD HH:MM:SS, not the string "01/05/2026 10:00".'],
  ])('created_at %s', (value, code, message) => {
    const diagnostic = only(diagnose(batch(validEvent({ created_at: value }))), code);
    expect(diagnostic).toMatchObject({ severity: 'error', path: '/0/created_at', message });
    expect(diagnostic.fix).toBeUndefined();
  });

  it.each([
    ['2026-05-22T10:00:00Z', 'UTC', '2026-05-22 10:00:00'],
    ['2026-05-22T10:00:00Z', 'Europe/Berlin', '2026-05-22 12:00:00'],
    ['2026-05-22T10:00:00.123+05:30', 'UTC', '2026-05-22 04:30:00'],
    ['2026-05-22 10:00:00.123', 'Asia/Kolkata', '2026-05-22 10:00:00'],
    ['2026-05-22T10:00', 'UTC', '2026-05-22 10:00:00'],
  ])('created_at %s in %s has a fix to %s', (value, timeZone, expected) => {
    const rules = { ...RULES, timeZone };
    const text = batch(validEvent({ created_at: value }));
    const diagnostic = only(diagnose(text, rules), 'created-at-format');
    expect(diagnostic.message).toContain('(a quick fix can rewrite it)');
    const fixed = applyFix(text, diagnostic.fix!);
    expect(JSON.parse(fixed)[0].created_at).toBe(expected);
    expect(diagnose(fixed, rules)).toEqual([]);
  });

  it('attributes that are not an object', () => {
    const diagnostic = only(diagnose(batch(validEvent({ attributes: ['plan', 'pro'] }))), 'attributes-not-object');
    expect(diagnostic).toMatchObject({
      severity: 'error',
      path: '/0/attributes',
      message: 'attributes must be an object of attribute names to string values, like {"plan": "pro"}, not an array.',
    });
  });
});

describe('warnings', () => {
  it.each([
    ['token', 'missing-token'],
    ['attributes', 'missing-attributes'],
    ['created_at', 'missing-created-at'],
    ['svc_id', 'missing-service-id'],
    ['device_id', 'missing-device-id'],
    ['customer_id', 'missing-customer-id'],
  ])('a missing %s is %s, at the event’s brace', (field, code) => {
    const event = validEvent();
    delete event[field];
    const text = batch(validEvent(), event);
    const diagnostic = only(diagnose(text), code);
    expect(diagnostic).toMatchObject({ severity: 'warning', path: '/1', line: 13, column: 3 });
    expect(marked(text, diagnostic)).toBe('{');
    expect(diagnostic.message).toMatch(new RegExp(`^This event has no ${field}; every event should carry one \\(.+\\)\\.$`));
  });

  it('an unknown field is marked on its name', () => {
    const text = batch(validEvent({ svcid: 12 }));
    const diagnostic = only(diagnose(text), 'unknown-field');
    expect(marked(text, diagnostic)).toBe('"svcid"');
    expect(diagnostic.message).toBe('"svcid" is not a field of a user event; the fields are token, attributes, created_at, svc_id, device_id, customer_id.');
  });

  it('a number attribute has a fix that keeps it as written', () => {
    const text =
      '[{"token":"t","attributes":{"spend":12.50,"ok":"x"},"created_at":"2026-05-31 09:30:00","svc_id":1,"device_id":"1b4e28ba-2fa1-41d2-883f-0016d3cca427","customer_id":"c"}]';
    const diagnostic = only(diagnose(text), 'attribute-not-string');
    expect(diagnostic).toMatchObject({ severity: 'warning', path: '/0/attributes/spend' });
    expect(diagnostic.message).toBe(
      'Attribute "spend" should be a string, not the number 12.5: the service\'s sample values are all strings, amounts included.',
    );
    const fixed = applyFix(text, diagnostic.fix!);
    expect(JSON.parse(fixed)[0].attributes.spend).toBe('12.50');
    expect(diagnose(fixed)).toEqual([]);
  });

  it('a non-number attribute value is a warning without a fix', () => {
    const diagnostic = only(diagnose(batch(validEvent({ attributes: { flags: { a: 'b' } } }))), 'attribute-not-string');
    expect(diagnostic.fix).toBeUndefined();
  });

  it('a device_id that is not UUID-shaped has a fix that generates one', () => {
    const text = batch(validEvent({ device_id: 'phone-7' }));
    const diagnostic = only(diagnose(text), 'device-id-not-uuid');
    expect(diagnostic.message).toBe('device_id should be UUID-shaped (8-4-4-4-12 hexadecimal digits), not the string "phone-7".');
    const fixed = applyFix(text, diagnostic.fix!);
    expect(JSON.parse(fixed)[0].device_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(diagnose(fixed)).toEqual([]);
  });

  it('created_at in the future, past the tolerance, and very old', () => {
    const text = batch(
      validEvent({ created_at: '2026-06-01 12:04:59' }),
      validEvent({ created_at: '2026-06-01 12:05:01' }),
      validEvent({ created_at: '2025-05-31 12:00:00' }),
    );
    const diagnostics = diagnose(text);
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['created-at-future', '/1/created_at'],
      ['created-at-old', '/2/created_at'],
    ]);
    expect(diagnostics[0]!.message).toBe('created_at 2026-06-01 12:05:01 is in the future: it is 2026-06-01 12:00:00 now in UTC.');
    expect(diagnostics[1]!.message).toBe('created_at 2025-05-31 12:00:00 is more than 365 days old (before 2025-06-01 12:00:00 in UTC).');
  });

  it('"now" is read in the rules’ time zone', () => {
    const text = batch(validEvent({ created_at: '2026-06-01 13:30:00' }));
    expect(only(diagnose(text), 'created-at-future').path).toBe('/0/created_at');
    expect(diagnose(text, { ...RULES, timeZone: 'Europe/Berlin' })).toEqual([]);
  });

  it('a key written twice, in the event and in its attributes, is marked on the later one', () => {
    const text =
      '[\n  {"token": "a", "attributes": {"plan": "x", "plan": "y"}, "created_at": "2026-05-31 09:30:00", "svc_id": 1, "device_id": "1b4e28ba-2fa1-41d2-883f-0016d3cca427", "customer_id": "c", "token": "b"}\n]';
    const diagnostics = diagnose(text).filter((diagnostic) => diagnostic.code === 'duplicate-key');
    expect(diagnostics.map((diagnostic) => [diagnostic.path, diagnostic.line, diagnostic.column - 1])).toEqual([
      ['/0/attributes/plan', 2, text.lastIndexOf('"plan"') - text.indexOf('\n') - 1],
      ['/0/token', 2, text.lastIndexOf('"token"') - text.indexOf('\n') - 1],
    ]);
    expect(diagnostics[1]!.message).toBe('"token" is written more than once in this event; only the last value counts, the earlier ones are lost.');
    expect(diagnostics[0]!.message).toContain("in this event's attributes");
  });

  it('keys written twice with an escape are the same key', () => {
    const text = `[${JSON.stringify(validEvent()).slice(0, -1)}, "\\u0074oken": "again"}]`;
    expect(only(diagnose(text), 'duplicate-key').path).toBe('/0/token');
  });

  it('an event written twice is a duplicate of the first, however it is spaced', () => {
    const text = `[${JSON.stringify(validEvent())},\n${JSON.stringify(validEvent({ token: 'other' }))},\n${JSON.stringify(validEvent(), null, 4)}]`;
    const diagnostic = only(diagnose(text), 'duplicate-event');
    expect(diagnostic).toMatchObject({
      severity: 'warning',
      path: '/2',
      line: 3,
      column: 1,
      message: 'This event is the same as event 1 (/0), so it would be sent twice.',
    });
  });

  it('events differing only in their attributes are not duplicates', () => {
    expect(diagnose(batch(validEvent(), validEvent({ attributes: { plan: 'free' } })))).toEqual([]);
  });

  it.each(WARNING_CODES)('%s can be raised to an error and switched off', (code) => {
    const event = validEvent({ extra: 1, device_id: 'x', created_at: '2020-01-01 00:00:00', attributes: { n: 1 } });
    delete event.token;
    delete event.customer_id;
    const text = `[${JSON.stringify(event)}, ${JSON.stringify(event)}, {"device_id": "1b4e28ba-2fa1-41d2-883f-0016d3cca427", "device_id": "1b4e28ba-2fa1-41d2-883f-0016d3cca427"}, ${JSON.stringify(validEvent({ created_at: '2030-01-01 00:00:00' }))}, {}]`;
    const severity = (value: 'error' | 'off') => ({ ...RULES, severity: { ...RULES.severity, [code]: value } });
    expect(
      diagnose(text)
        .filter((diagnostic) => diagnostic.code === code)
        .every((diagnostic) => diagnostic.severity === 'warning'),
    ).toBe(true);
    const raised = diagnose(text, severity('error')).filter((diagnostic) => diagnostic.code === code);
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.every((diagnostic) => diagnostic.severity === 'error')).toBe(true);
    expect(diagnose(text, severity('off')).some((diagnostic) => diagnostic.code === code)).toBe(false);
  });
});

describe('positions', () => {
  const event =
    '{"token": 5, "attributes": {}, "created_at": "2026-05-31 09:30:00", "svc_id": 1, "device_id": "1b4e28ba-2fa1-41d2-883f-0016d3cca427", "customer_id": "c"}';

  it('count from after a byte order mark, as editors show the text', () => {
    const text = `\uFEFF[\n  ${event}\n]`;
    const diagnostic = only(diagnose(text), 'wrong-type');
    expect(diagnostic).toMatchObject({ line: 2, column: 13, endLine: 2, endColumn: 14 });
    expect(marked(text.slice(1), diagnostic)).toBe('5');
  });

  it('treat CRLF as one line end', () => {
    const text = `[\r\n\r\n  ${event},\r\n  ${event.replace('"token": 5', '"token": "t"').replace('"svc_id": 1', '"svc_id": "x"')}\r\n]\r\n`;
    const diagnostics = diagnose(text);
    const lastLine = text.split('\n')[3]!;
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.line, diagnostic.column])).toEqual([
      ['wrong-type', 3, 13],
      ['service-id-not-integer', 4, lastLine.indexOf('"x"') + 1],
    ]);
    expect(marked(text, diagnostics[1]!)).toBe('"x"');
  });

  it('put a syntax error after a BOM and CRLFs where it is', () => {
    expect(only(diagnose('\uFEFF[\r\n  {"a": 1\r\n  {"b": 2}\r\n]'), 'not-json')).toMatchObject({ line: 3, column: 3 });
  });

  it('span lines when a value does', () => {
    const text = batch(validEvent({ attributes: ['a'] }));
    const diagnostic = only(diagnose(text), 'attributes-not-object');
    expect(diagnostic).toMatchObject({ line: 4, column: 19, endLine: 6, endColumn: 6 });
    expect(marked(text, diagnostic)).toBe('[\n      "a"\n    ]');
  });
});

describe('unusual inputs', () => {
  it('nesting 10 000 deep is one error where level 65 opens, not a crash', () => {
    const deep = `[${'['.repeat(10_000)}${']'.repeat(10_000)}]`;
    expect(diagnose(deep)).toEqual([expect.objectContaining({ code: 'json-too-deep', line: 1, column: 65 })]);
    const beforeNesting = `[${JSON.stringify(validEvent()).slice(0, -1)}, "attributes": {"a": `;
    const deepAttribute = `${beforeNesting}${'{"b":'.repeat(10_000)}1${'}'.repeat(10_000)}}}]`;
    // The batch, an event and its attributes are three levels; the 62nd {"b": opens level 65.
    expect(diagnose(deepAttribute)).toEqual([expect.objectContaining({ code: 'json-too-deep', line: 1, column: beforeNesting.length + 61 * 5 + 1 })]);
    expect(diagnose('['.repeat(10_000))).toEqual([expect.objectContaining({ code: 'json-too-deep', line: 1, column: 65 })]);
  });

  it('a 100 MB batch is read without a crash', () => {
    const text = `[${`${JSON.stringify(validEvent())},`.repeat(540_000)}${JSON.stringify(validEvent({ token: 1 }))}]`;
    expect(text.length).toBeGreaterThan(100_000_000);
    const diagnostics = diagnose(text, { ...RULES, severity: { ...RULES.severity, 'duplicate-event': 'off' } });
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'wrong-type', path: '/540000/token', line: 1 })]);
  }, 60_000);
});

describe('rules', () => {
  it('every warning is a warning by default, with the thresholds of the issue', () => {
    expect(Object.values(DEFAULT_RULES.severity).every((severity) => severity === 'warning')).toBe(true);
    expect(Object.keys(DEFAULT_RULES.severity).sort()).toEqual([...WARNING_CODES].sort());
    expect(DEFAULT_RULES).toMatchObject({ serviceIdField: 'svc_id', timeZone: 'UTC', futureToleranceMinutes: 5, maxAgeDays: 365 });
  });

  it('rulesFor takes the environment’s field name and zone, and a fresh now', () => {
    const rules = rulesFor({ serviceIdField: 'acme_id', timeZone: 'Asia/Kolkata' });
    expect(rules).toMatchObject({ serviceIdField: 'acme_id', timeZone: 'Asia/Kolkata' });
    expect(Math.abs(rules.now.getTime() - Date.now())).toBeLessThan(5_000);
    rules.severity['unknown-field'] = 'off';
    expect(DEFAULT_RULES.severity['unknown-field']).toBe('warning');
  });

  it('rulesFor takes the severities an environment changed, the others staying warnings', () => {
    const rules = rulesFor({ serviceIdField: 'svc_id', timeZone: 'UTC', ruleSeverity: { 'missing-attributes': 'error', 'duplicate-event': 'off' } });
    expect(rules.severity).toMatchObject({ 'missing-attributes': 'error', 'duplicate-event': 'off', 'missing-token': 'warning' });
    const { attributes: _attributes, ...event } = validEvent();
    expect(validateBatch(JSON.stringify([event, event]), rules).diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([
      ['missing-attributes', 'error'],
      ['missing-attributes', 'error'],
    ]);
  });
});
