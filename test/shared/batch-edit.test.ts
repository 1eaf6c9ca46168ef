import { describe, expect, it } from 'vitest';
import { removeValueAt, renameAttribute, setValueAt } from '../../shared/batch-edit.ts';

const eventsOf = (text: string) => JSON.parse(text.replace(/\/\/.*$/gm, '')) as { attributes: Record<string, string> }[];

const batch = `[
    {
        "token": "a", // the first
        "attributes": { "plan": "pro" }
    },
    { "token": "b",   "attributes": {} }
]`;

describe('editing a batch through its text', () => {
  it('changes one value and keeps every other character', () => {
    const next = setValueAt(batch, [1, 'token'], 'changed');
    expect(next).toBe(batch.replace('"b"', '"changed"'));
  });

  it('adds an attribute in the indentation the file uses', () => {
    const next = setValueAt(batch, [0, 'attributes', 'spend'], '19.99');
    expect(next).toContain('"spend": "19.99"');
    expect(next).toContain('// the first');
    expect(JSON.parse(next.replace(/\/\/.*$/m, ''))[0].attributes).toEqual({ plan: 'pro', spend: '19.99' });
  });

  it('renames and removes attributes', () => {
    const renamed = renameAttribute(batch, 0, 'plan', 'tier', 'pro');
    expect(eventsOf(renamed)[0]!.attributes).toEqual({ tier: 'pro' });
    expect(eventsOf(removeValueAt(renamed, [0, 'attributes', 'tier']))[0]!.attributes).toEqual({});
  });

  it('keeps CRLF line ends', () => {
    const crlf = '[\r\n  {\r\n    "token": "a"\r\n  }\r\n]';
    expect(setValueAt(crlf, [0, 'customer_id'], 'c')).not.toMatch(/[^\r]\n/);
  });
});
