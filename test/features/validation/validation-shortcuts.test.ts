import { describe, expect, it } from 'vitest';
import { validateBatch, type Diagnostic, type ValidationRules } from '../../../features/validation/common/validation.ts';
import { RULES, marked, validEvent } from './validation-support.ts';

/**
 * validateBatch takes shortcuts on a large batch: commas counted to prove no key is written twice,
 * events laid out only up to the last with a diagnostic, device ids read by weight. Each must give
 * what the long way gives, where the shortcut is not taken as much as where it is.
 */

function diagnose(text: string, rules: ValidationRules = RULES): Diagnostic[] {
  return validateBatch(text, rules).diagnostics;
}

function repeatedKeys(text: string): [string, string, number, number][] {
  return diagnose(text)
    .filter((diagnostic) => diagnostic.code === 'duplicate-key')
    .map((diagnostic) => [diagnostic.path, marked(text.replace(/^\uFEFF/, ''), diagnostic), diagnostic.line, diagnostic.column]);
}

describe('keys written twice', () => {
  it('are found among strings that hold commas', () => {
    const event = JSON.stringify(validEvent({ customer_id: 'Doe, Jane', attributes: { address: '1 Main St, Springfield', plan: 'pro' } }));
    const text = `[\n${event},\n${event.replace('"plan":"pro"', '"plan":"pro","plan":"free"')}\n]`;
    expect(repeatedKeys(text)).toEqual([['/1/attributes/plan', '"plan"', 3, text.split('\n')[2]!.lastIndexOf('"plan"') + 1]]);
  });

  it('are found beside a comma spelt as an escape, and not made up without one', () => {
    const event = JSON.stringify(validEvent({ customer_id: 'Doe, Jane' })).replace('Doe, Jane', 'Doe\\u002c Jane');
    expect(event).toContain('"Doe\\u002c Jane"');
    expect(repeatedKeys(`[${event}]`)).toEqual([]);
    const text = `[${event.replace('"plan":"pro"', '"plan":"pro","plan":"free"')}]`;
    expect(repeatedKeys(text)).toEqual([['/0/attributes/plan', '"plan"', 1, text.lastIndexOf('"plan"') + 1]]);
  });

  it('are placed after a byte order mark, CRLFs and tabs', () => {
    const text = `\uFEFF[\r\n\t{\r\n\t\t"token": "a",\r\n\t\t"attributes": {\r\n\t\t\t"plan": "x",\r\n\t\t\t"plan": "y"\r\n\t\t},\r\n\t\t"token"\t:\t"b"\r\n\t}\r\n]`;
    expect(repeatedKeys(text)).toEqual([
      ['/0/attributes/plan', '"plan"', 6, 4],
      ['/0/token', '"token"', 8, 3],
    ]);
  });

  it('are the same key when one is spelt with escapes', () => {
    const text = `[${JSON.stringify(validEvent()).replace('"plan":"pro"', '"plan":"pro","\\u0070lan":"free"')}]`;
    expect(repeatedKeys(text)).toEqual([['/0/attributes/plan', '"\\u0070lan"', 1, text.indexOf('"\\u0070lan"') + 1]]);
  });

  it('are not reported once switched off, and nothing else changes', () => {
    const text = `[${JSON.stringify(validEvent())},{"token": 1, "token": 2}]`;
    const rules = { ...RULES, severity: { ...RULES.severity, 'duplicate-key': 'off' as const } };
    expect(diagnose(text, rules).map((diagnostic) => diagnostic.code)).not.toContain('duplicate-key');
    expect(diagnose(text, rules).filter((diagnostic) => diagnostic.code !== 'duplicate-key')).toEqual(
      diagnose(text).filter((diagnostic) => diagnostic.code !== 'duplicate-key'),
    );
  });
});

describe('events read the short way', () => {
  it.each([
    ['an extra field', { extra: 1 }, ['unknown-field']],
    ['a field renamed', { token: undefined, tokn: 'tok_1' }, ['missing-token', 'unknown-field']],
    ['a missing field', { customer_id: undefined }, ['missing-customer-id']],
    ['a device_id not UUID-shaped', { device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca42g' }, ['device-id-not-uuid']],
    ['an attribute that is a number', { attributes: { plan: 'pro', seats: 3 } }, ['attribute-not-string']],
    ['attributes that are an array', { attributes: ['pro'] }, ['attributes-not-object']],
    ['a created_at in the future', { created_at: '2026-06-01 12:06:00' }, ['created-at-future']],
    ['a created_at very old', { created_at: '2025-06-01 11:59:59' }, ['created-at-old']],
    ['a created_at on a day the month lacks', { created_at: '2026-02-29 10:00:00' }, ['created-at-impossible']],
    ['a service id that is not whole', { svc_id: 1.5 }, ['service-id-not-integer']],
    ['a token that is a number', { token: 5 }, ['wrong-type']],
  ])('still find %s', (_what, changes, codes) => {
    const event = JSON.parse(JSON.stringify(validEvent(changes))) as Record<string, unknown>;
    expect(diagnose(JSON.stringify([validEvent(), event])).map((diagnostic) => diagnostic.code)).toEqual(codes);
  });

  it('take a created_at on the 29th to the 31st of a month that has it', () => {
    const events = ['2026-01-29 00:00:00', '2026-03-30 12:00:00', '2026-05-31 23:59:59', '2024-02-29 10:00:00'].map((createdAt) =>
      validEvent({ created_at: createdAt, token: createdAt }),
    );
    expect(diagnose(JSON.stringify(events), { ...RULES, maxAgeDays: 3650 })).toEqual([]);
  });

  it('still find what is wrong when the service-id field is named like another field', () => {
    const codes = diagnose(JSON.stringify([validEvent()]), { ...RULES, serviceIdField: 'token' }).map((diagnostic) => diagnostic.code);
    expect(codes).toEqual(expect.arrayContaining(['service-id-not-integer', 'unknown-field', 'missing-token']));
  });
});

describe('events laid out only as far as needed', () => {
  const events = Array.from({ length: 50 }, (_, index) => validEvent({ token: `tok_${index}` }));

  it.each(['warning', 'off'] as const)('place a diagnostic on a late event (duplicate-key %s)', (duplicateKey) => {
    events[47] = validEvent({ token: 'tok_47', svc_id: 'x' });
    const text = JSON.stringify(events, null, 2);
    const diagnostics = diagnose(text, { ...RULES, severity: { ...RULES.severity, 'duplicate-key': duplicateKey } });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'service-id-not-integer', path: '/47/svc_id' });
    expect(marked(text, diagnostics[0]!)).toBe('"x"');
  });
});

describe('device ids', () => {
  it.each([
    ['1b4e28ba-2fa1-41d2-883f-0016d3cca427', true],
    ['1B4E28BA-2FA1-41D2-883F-0016D3CCA42F', true],
    ['1b4e28ba-2fa1-41d2-883f-0016d3cc-427', false], // a fifth hyphen, in place of a digit
    ['1b4e28ba-2fa1-41d2-883f0-016d3cca427', false], // a hyphen out of place
    ['1b4e28ba-2fa1-41d2-883f-0016d3cca42g', false],
    ['1b4e28ba-2fa1-41d2-883f-0016d3cca42\u0130', false], // its low seven bits are a '0'
    ['1b4e28ba-2fa1-41d2-883f-0016d3cca42\u00ad', false], // and these a '-'
    ['1b4e28ba-2fa1-41d2-883f-0016d3cca4271', false],
    ['{1b4e28ba-2fa1-41d2-883f-0016d3cca427}', false],
  ])('%j is UUID-shaped: %s', (deviceId, shaped) => {
    const codes = diagnose(JSON.stringify([validEvent({ device_id: deviceId })])).map((diagnostic) => diagnostic.code);
    expect(codes).toEqual(shaped ? [] : ['device-id-not-uuid']);
  });
});
