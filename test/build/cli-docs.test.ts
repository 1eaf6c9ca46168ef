import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLI_REFERENCE_FILE, cliReference } from '../../build/cli-docs.ts';

describe('docs/cli.md', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is what the commands' own --help prints (npm run docs:cli writes it)", async () => {
    const written = await readFile(CLI_REFERENCE_FILE, 'utf8');
    // toBe's diff names the first line that drifted; the message says how to mend it.
    expect(written, 'docs/cli.md differs from the commands: run npm run docs:cli').toBe(await cliReference());
  });

  it('has a section and an exit-code row for every command and subcommand the help lists', async () => {
    const reference = await cliReference();
    for (const command of ['sandbox', 'login', 'validate', 'send', 'history', 'transform', 'capture', 'run', 'init'])
      expect(reference).toMatch(new RegExp(`^\\| \\[\`eventdesk ${command}\`\\]\\(#eventdesk-${command}\\) \\| 0 `, 'm'));
    for (const sub of ['infer', 'import', 'coverage', 'check']) expect(reference).toContain(`\n### eventdesk plan ${sub}\n`);
  });

  it('does not depend on whose computer wrote it: the data folder is a placeholder', async () => {
    vi.stubEnv('EVENTDESK_DATA_DIR', '/somewhere/else/data');
    const elsewhere = await cliReference();
    vi.unstubAllEnvs();
    expect(elsewhere).toBe(await cliReference());
    expect(elsewhere).not.toContain('/somewhere/else');
  });
});
