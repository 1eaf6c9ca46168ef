import { describe, expect, it } from 'vitest';
import { printedJson, terminalJson, terminalText } from '../../base/common/terminal-text.ts';
import { ACTED_ON, HOSTILE_TEXT } from '../fixtures/hostile/terminal.ts';

describe('terminalText', () => {
  it('shows every character a terminal acts on as U+FFFD, keeping tabs and line ends', () => {
    expect(terminalText(HOSTILE_TEXT)).not.toMatch(ACTED_ON);
    expect(terminalText(HOSTILE_TEXT)).toBe('x\uFFFD]52;c;ZWNobyBwd25lZA==\uFFFD\uFFFD]0;title\uFFFD\\\uFFFD[31mred\uFFFD2J\uFFFDover\uFFFD\uFFFDevil');
    expect(terminalText('a\tb\r\nc\n')).toBe('a\tb\nc\n');
    expect(terminalText('Zürich — ✓ 日本')).toBe('Zürich — ✓ 日本');
  });
});

describe('terminalJson', () => {
  it('writes what JSON leaves raw as escapes: the same value, nothing a terminal acts on', () => {
    const value = { name: HOSTILE_TEXT, separators: '\u2028\u2029' };
    const json = printedJson(value);
    expect(json).not.toMatch(ACTED_ON);
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
    expect(terminalText(json)).toBe(json);
    expect(terminalJson('"\u009b"')).toBe('"\\u009b"');
  });
});
