import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Lexer, walkTokens } from 'marked';
import { describe, expect, it } from 'vitest';

/**
 * The README is the door (issue 31): short, with the two commands a new user types on a fresh
 * machine, the test command CI runs, and a way to every page of the guide.
 */

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const tokens = Lexer.lex(readme);

describe('README.md', () => {
  it('is at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('gives the two commands a new user types: install and start, install and test', () => {
    const blocks: string[] = [];
    walkTokens(tokens, (token) => {
      if (token.type === 'code') blocks.push(token.text.trim());
    });
    expect(blocks).toContain('npm install && npm start');
    expect(blocks).toContain('npm install && npm test');
  });

  it('names the test command CI runs on a fresh clone', () => {
    const ci = readFileSync(path.join(root, '.ci', 'run'), 'utf8')
      .trim()
      .split('\n');
    expect(ci.at(-1)).toBe('npm test');
  });

  it('links every page of the guide, and the command reference', () => {
    const links = new Set<string>();
    walkTokens(tokens, (token) => {
      if (token.type === 'link') links.add(token.href.split('#')[0]!);
    });
    const pages = readdirSync(path.join(root, 'docs', 'guide')).filter((name) => name.endsWith('.md'));
    for (const page of pages) expect(links, page).toContain(`docs/guide/${page}`);
    expect(links).toContain('docs/cli.md');
    expect(links).toContain('docs/architecture.md');
  });
});
