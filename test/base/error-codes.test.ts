import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../base/common/error-codes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const LIST = path.join('base', 'common', 'error-codes.ts');

function sourceFiles(): string[] {
  return ['base', 'features', 'app', 'renderer'].flatMap((folder) =>
    (readdirSync(path.join(root, folder), { recursive: true }) as string[])
      .map((file) => path.join(folder, file))
      .filter((file) => /\.tsx?$/.test(file) && file !== LIST),
  );
}

/**
 * The codes the source produces: thrown or returned AppErrors, and the error shapes written as
 * literals in files that build envelopes (the date-time checks, the sandbox's fault changes).
 * Diagnostics of the batch validation also have `code:` fields, but in files that never touch
 * errors.ts, so they are not counted.
 */
function producedCodes(): Set<string> {
  const produced = new Set<string>();
  for (const file of sourceFiles()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/\bAppError\(\s*'([a-z0-9-]+)'/g)) produced.add(match[1]!);
    if (!/from '[^']*\/errors\.ts'/.test(text)) continue;
    for (const match of text.matchAll(/\bcode: '([a-z0-9-]+)'/g)) produced.add(match[1]!);
  }
  return produced;
}

describe('the list of error codes', () => {
  it('names each code once', () => {
    expect(errorCodes.length).toBe(new Set(errorCodes).size);
  });

  it('holds only codes that some source file produces, so a retired code leaves the list', () => {
    const produced = producedCodes();
    expect(errorCodes.filter((code) => !produced.has(code))).toEqual([]);
  });
});
