import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, vi } from 'vitest';
import { loadPlan, loadPlanInSlices } from '../../../features/plans/node/load.ts';
import { AppError } from '../../../base/common/errors.ts';
import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';
import { checkEvents } from '../../../features/plans/common/check.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { MAX_PLAN_BYTES, MAX_PLAN_KINDS } from '../../../features/plans/common/plan-limits.ts';
import { bigPlan } from '../../fixtures/hostile/big-plan.ts';

/** Loading a plan file's text: what refuses it whole, what is named inside one kind while the rest applies, and the cache. */

function refusal(text: string): AppError {
  try {
    loadPlan(text, 'shop.plan.json');
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('The plan was not refused.');
}

const string = { type: 'string' };

describe('loadPlan', () => {
  it('refuses a text that is not JSON, with the line and column where it breaks', () => {
    const error = refusal('{\n  "name": "shop",\n  "events": {,}\n}');
    expect(error.code).toBe('plan-not-json');
    expect(error.message).toBe("shop.plan.json is not JSON: line 3, column 14: expected a field name in double quotes or '}', found ','.");
  });

  it.each([
    ['a list', '[]', '/: expected an object, saw []'],
    ['no name', '{"events": {}}', '/: missing "name"'],
    ['events that are no object', '{"name": "shop", "events": 3}', '/events: expected an object, saw 3'],
    ['an unknown severity', '{"name": "shop", "events": {}, "unplanned": "loud"}', '/unplanned: expected one of "error", "warning", "off", saw "loud"'],
    [
      'a key a plan does not have',
      '{"name": "shop", "events": {}, "owner": "me"}',
      '/owner: unknown key "owner"; expected only the keys $schema, name, version, key, unplanned, severity, events and $defs',
    ],
  ])('refuses %s whole, saying where', (_name, text, problem) => {
    const error = refusal(text);
    expect(error.code).toBe('plan-invalid');
    expect(error.message).toBe(`shop.plan.json is not a tracking plan: ${problem}.`);
  });

  it('names each broken part with its kind and JSON path, leaves that part unchecked and applies the rest', () => {
    const plan: TrackingPlan = {
      name: 'shop',
      events: {
        good: { attributes: { properties: { plan: { enum: ['pro'] } } } },
        typed: { attributes: { properties: { x: { type: 'strin' } } }, fields: { properties: { svc_id: { const: 7 } } } },
        nowhere: { attributes: { properties: { x: { $ref: '#/$defs/missing' } } } },
        through: { attributes: { properties: { x: { $ref: '#/$defs/broken' } } } },
        invalid: { attributes: { properties: { x: { ...string, pattern: '(' } } } },
        evil: { attributes: { properties: { x: { ...string, pattern: '^(a)\\1$' } } } },
        format: { attributes: { properties: { x: { ...string, format: 'colour' } } } },
        shared: { attributes: { properties: { 'x y': { $ref: '#/$defs/when' } } } },
        typo: { attributes: { properties: { x: { ...string, patern: '^a$', maxLength: 1 } } } },
        misspelt: { atributes: {}, fields: { properties: { svc_id: { const: 7 } } } } as never,
      },
      $defs: { broken: { ...string, pattern: '[' }, when: { ...string, format: 'instant' } },
    };
    const loaded = loadPlan(JSON.stringify(plan), 'shop.plan.json');
    expect(loaded.problems).toEqual([
      {
        severity: 'error',
        key: 'typed',
        pointer: '/events/typed/attributes/properties/x/type',
        message: 'expected one of "array", "boolean", "integer", "null", "number", "object", "string", saw "strin"',
      },
      {
        severity: 'error',
        key: 'misspelt',
        pointer: '/events/misspelt/atributes',
        message: 'unknown key "atributes"; expected only the keys description, attributes and fields',
      },
      { severity: 'error', pointer: '/$defs/broken/pattern', message: 'the pattern [ is not a valid regular expression (/[/u: Unterminated character class)' },
      { severity: 'error', key: 'nowhere', pointer: '/events/nowhere/attributes/properties/x/$ref', message: '$ref "#/$defs/missing" points nowhere' },
      {
        severity: 'error',
        key: 'through',
        pointer: '/events/through/attributes/properties/x/$ref',
        message: '$ref "#/$defs/broken" points to a definition that is itself broken (see /$defs/broken)',
      },
      {
        severity: 'error',
        key: 'invalid',
        pointer: '/events/invalid/attributes/properties/x/pattern',
        message: 'the pattern ( is not a valid regular expression (/(/u: Unterminated group)',
      },
      {
        severity: 'error',
        key: 'evil',
        pointer: '/events/evil/attributes/properties/x/pattern',
        message: expect.stringMatching(/^the pattern \^\(a\)\\1\$ uses a backreference, /),
      },
      { severity: 'error', key: 'format', pointer: '/events/format/attributes/properties/x/format', message: 'unknown format "colour"' },
      { severity: 'error', key: 'shared', pointer: '/$defs/when/format', message: 'unknown format "instant"' },
      { severity: 'warning', key: 'typo', pointer: '/events/typo/attributes/properties/x/patern', message: 'unknown keyword: "patern"' },
    ]);
    expect([...loaded.kinds.keys()]).toEqual(Object.keys(plan.events));
    const events = [
      { token: 'good', attributes: { plan: 'gold' } },
      ...['typed', 'nowhere', 'through', 'invalid', 'evil', 'format', 'shared'].map((token) => ({ token, attributes: { x: 'aaaa!' } })),
      { token: 'typed', attributes: {}, svc_id: 8 },
      { token: 'typo', attributes: { x: 'ab' } },
      { token: 'misspelt', svc_id: 8 },
    ];
    expect(checkEvents(events, loaded).violations.map((violation) => [violation.kind, violation.pointer])).toEqual([
      ['attribute-value', '/0/attributes/plan'],
      ['field-value', '/8/svc_id'],
      ['attribute-value', '/9/attributes/x'],
      ['field-value', '/10/svc_id'],
    ]);
  });

  it(`names a schema nested deeper than ${MAX_JSON_DEPTH} levels, which would overflow the stack, and applies the rest`, () => {
    const levels = 20_000;
    const text = `{"name": "deep", "events": {"deep": {"attributes": ${'{"properties": {"a": '.repeat(levels)}true${'}}'.repeat(levels)}}, "flat": {"attributes": {"required": ["x"]}}}, "$defs": {"deep": ${'['.repeat(levels)}${']'.repeat(levels)}}}`;
    const loaded = loadPlan(text, 'deep.plan.json');
    const message = `nests deeper than ${MAX_JSON_DEPTH} levels, more than a schema of attributes needs; it is left unchecked`;
    expect(loaded.problems).toEqual([
      { severity: 'error', key: 'deep', pointer: '/events/deep/attributes', message },
      { severity: 'error', pointer: '/$defs/deep', message },
    ]);
    expect(
      checkEvents(
        [
          { token: 'deep', attributes: {} },
          { token: 'flat', attributes: {} },
        ],
        loaded,
      ).violations,
    ).toMatchObject([{ kind: 'attribute-missing', pointer: '/1/attributes/x' }]);
  });

  it('matches long values in full against a pattern that backtracks catastrophically in JavaScript', () => {
    const loaded = loadPlan(
      JSON.stringify({ name: 'p', events: { a: { attributes: { properties: { x: { ...string, pattern: '^(a?a)*$' } } } } } }),
      'p.plan.json',
    );
    expect(loaded.problems).toEqual([]);
    const events = [
      { token: 'a', attributes: { x: 'a'.repeat(50_000) } },
      { token: 'a', attributes: { x: `${'a'.repeat(50_000)}!` } },
    ];
    expect(checkEvents(events, loaded).violations).toMatchObject([
      { kind: 'attribute-value', pointer: '/1/attributes/x', expected: 'a string matching ^(a?a)*$' },
    ]);
  });

  it('compiles a plan once per text: the same text gives the same compiled plan', () => {
    const text = JSON.stringify({ name: 'cached', events: { a: { attributes: string } } });
    const first = loadPlan(text, 'a.plan.json');
    expect(loadPlan(text, 'b.plan.json')).toBe(first);
    expect(loadPlan(`${text}\n`, 'a.plan.json')).not.toBe(first);
  });

  it('warns that a plan listing no kind finds every event unplanned', () => {
    const loaded = loadPlan(JSON.stringify({ name: 'begun', events: {} }), 'begun.plan.json');
    expect(loaded.problems).toEqual([{ severity: 'warning', pointer: '/events', message: 'lists no kind of event, so every event is unplanned' }]);
    expect(checkEvents([{ token: 'a' }], loaded).violations).toMatchObject([{ kind: 'unplanned-event', pointer: '/0/token' }]);
  });

  it('names an enum that lists no value at its path, as Ajv refuses it without one', () => {
    const loaded = loadPlan(
      JSON.stringify({ name: 'p', events: { buy: { attributes: { properties: { currency: { enum: [] } } } }, ok: { attributes: string } } }),
      'p.plan.json',
    );
    expect(loaded.problems).toEqual([
      {
        severity: 'error',
        key: 'buy',
        pointer: '/events/buy/attributes/properties/currency/enum',
        message: 'enum lists no value, so no value could match; list the values or leave enum out',
      },
    ]);
    expect(checkEvents([{ token: 'ok', attributes: 'x' }], loaded).violations).toEqual([]);
  });

  it('loads a plan of 1 000 kinds sharing a definition, and checks each event against its own kind', () => {
    const kind = (index: number) => ({
      description: `Kind ${index}`,
      attributes: {
        type: 'object',
        required: ['a'],
        additionalProperties: false,
        properties: { a: { ...string, pattern: '^[a-z]+$' }, c: { $ref: '#/$defs/currency' } },
      },
    });
    const events = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`kind_${index}`, kind(index)]));
    const loaded = loadPlan(JSON.stringify({ name: 'big', events, $defs: { currency: { enum: ['EUR', 'USD'] } } }), 'big.plan.json');
    expect(loaded.problems).toEqual([]);
    expect(loaded.kinds.size).toBe(1000);
    const batch = [
      { token: 'kind_0', attributes: { a: 'ok' } },
      { token: 'kind_999', attributes: { a: 'ok', c: 'YEN' } },
      { token: 'kind_1000', attributes: {} },
    ];
    expect(checkEvents(batch, loaded).violations.map((violation) => [violation.kind, violation.pointer])).toEqual([
      ['attribute-value', '/1/attributes/c'],
      ['unplanned-event', '/2/token'],
    ]);
  });

  it('keeps one large plan compiled, not sixteen: a compiled plan weighs hundreds of times its text', () => {
    const large = (index: number) => JSON.stringify({ name: `large ${index}`, events: { a: { description: 'x'.repeat(MAX_PLAN_BYTES / 2) } } });
    const first = loadPlan(large(1), 'a.plan.json');
    expect(loadPlan(large(1), 'a.plan.json')).toBe(first);
    const second = loadPlan(large(2), 'a.plan.json');
    expect(loadPlan(large(2), 'a.plan.json')).toBe(second);
    expect(loadPlan(large(1), 'a.plan.json')).not.toBe(first);
  });

  it(`refuses a plan of more than ${MAX_PLAN_KINDS} kinds, or more than ${MAX_PLAN_BYTES} bytes, naming the limit`, () => {
    const kinds = refusal(JSON.stringify(bigPlan(MAX_PLAN_KINDS + 1, 1)));
    expect([kinds.code, kinds.message]).toEqual([
      'plan-too-large',
      `shop.plan.json is too large a tracking plan: ${MAX_PLAN_KINDS + 1} kinds of event, more than the ${MAX_PLAN_KINDS} allowed. Split it, or keep only the kinds this work needs.`,
    ]);
    const text = JSON.stringify({ name: 'big', events: { a: { description: 'x'.repeat(MAX_PLAN_BYTES) } } });
    expect(refusal(text).message).toBe(
      `shop.plan.json is too large a tracking plan: ${Buffer.byteLength(text)} bytes, more than the ${MAX_PLAN_BYTES} allowed. Split it, or keep only the kinds this work needs.`,
    );
  });

  it('compiles a kind only when an event of it is checked, and all of them when the problems are asked for', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    try {
      const loaded = loadPlan(JSON.stringify(bigPlan(40, 10)), 'lazy.plan.json');
      expect(compile).not.toHaveBeenCalled();
      expect(
        checkEvents(
          [
            { token: 'kind_7', attributes: { attribute_0: 'b' } },
            { token: 'kind_7', attributes: {} },
          ],
          loaded,
        ).violations,
      ).toMatchObject([{ kind: 'attribute-value', pointer: '/0/attributes/attribute_0' }]);
      expect(compile).toHaveBeenCalledTimes(1);
      expect(loaded.problems).toEqual([]);
      expect(compile).toHaveBeenCalledTimes(40);
    } finally {
      compile.mockRestore();
    }
  });

  it('compiles in slices, letting the thread run what waits between them', async () => {
    const text = JSON.stringify(bigPlan(60, 30));
    let turns = 0;
    let loading = true;
    const turn = () => {
      turns++;
      if (loading) setImmediate(turn);
    };
    setImmediate(turn);
    const loaded = await loadPlanInSlices(text, 'sliced.plan.json', { module: true });
    loading = false;
    // Loaded whole in one go, nothing else would have run before it was done.
    expect(turns).toBeGreaterThan(1);
    expect(loaded.problems).toEqual([]);
    expect(loaded.standalone()).toContain('"kind_59"');
  });
});
