import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORWARD_FAILURES } from '../../../features/sandbox/common/sandbox.ts';

/**
 * docs/service-api.md §7 is where a client's author reads what the sandbox answers: every error
 * code the sandbox's source can answer with is in its table. The sandbox's own tools
 * (`/_sandbox/*`) are described in openapi.yaml, not there.
 */

const SANDBOX = path.resolve(import.meta.dirname, '../../../features/sandbox/server');
const DOC = path.resolve(import.meta.dirname, '../../../docs/service-api.md');
const TOOLS_ONLY = new Set(['invalid-faults', 'invalid-query', 'no-openapi']);

async function answeredCodes(): Promise<Set<string>> {
  const codes = new Set<string>();
  for (const file of await readdir(SANDBOX, { recursive: true })) {
    if (!file.endsWith('.ts')) continue;
    const source = await readFile(path.join(SANDBOX, file), 'utf8');
    for (const match of source.matchAll(/\b(?:failure\(\d{3}, |unauthorized\(|busy\()'([a-z-]+)'/g)) codes.add(match[1]!);
  }
  // A forwarding sandbox answers with the code of what went wrong upstream, one of a list.
  for (const code of FORWARD_FAILURES) codes.add(code);
  return codes;
}

describe('docs/service-api.md, the sandbox’s answers', () => {
  it('lists every error code the sandbox answers a client with', async () => {
    const section = (await readFile(DOC, 'utf8')).split('## 7. ')[1]!;
    const codes = [...(await answeredCodes())].filter((code) => !TOOLS_ONLY.has(code));
    expect(codes.length).toBeGreaterThan(20);
    expect(codes.filter((code) => !section.includes(`\`${code}\``))).toEqual([]);
  });
});
