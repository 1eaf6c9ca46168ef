import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const renderer = path.resolve(import.meta.dirname, '../../renderer');

/**
 * Every stylesheet of the renderer, read by PostCSS (an independent parser): a block left open
 * swallows every rule after it, in every sheet bundled after it.
 */
describe('the stylesheets', async () => {
  const sheets = (await readdir(renderer, { recursive: true })).filter((file) => file.endsWith('.css'));
  it('exist', () => expect(sheets.length).toBeGreaterThan(5));
  it.each(sheets)('%s parses', async (sheet) => {
    const file = path.join(renderer, sheet);
    expect(() => postcss.parse(readFileSync(file, 'utf8'), { from: file })).not.toThrow();
  });
});
