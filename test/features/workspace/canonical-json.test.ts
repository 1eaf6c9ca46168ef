import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../features/workspace/common/canonical-json.ts';

describe('canonicalJson', () => {
  it('puts the known keys first in their order, then the others in the order they came; nested keys stay as they came', () => {
    const text = canonicalJson({ zeta: 1, name: 'qa', nested: { b: 1, a: 2 }, format: 'f' }, ['format', 'name', 'missing']);
    expect(text).toBe('{\n  "format": "f",\n  "name": "qa",\n  "zeta": 1,\n  "nested": {\n    "b": 1,\n    "a": 2\n  }\n}\n');
  });

  it('writes two-space indents, LF line ends and a trailing newline, for arrays too', () => {
    expect(canonicalJson([1, { a: [] }])).toBe('[\n  1,\n  {\n    "a": []\n  }\n]\n');
  });

  it('gives the same bytes when what it wrote is read and written again', () => {
    const text = canonicalJson({ b: { y: [1, 'two'], x: null }, a: true, 10: 'ten' }, ['a']);
    expect(canonicalJson(JSON.parse(text), ['a'])).toBe(text);
  });
});
