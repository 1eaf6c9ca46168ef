import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { runCli } from '../../electron/cli.ts';

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe('the command line', () => {
  it('prints the version', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
    expect((await run(['-v'])).stdout).toBe(`${packageJson.version}\n`);
  });

  it('prints help with no arguments and with --help', async () => {
    for (const args of [[], ['--help'], ['-h']]) {
      const result = await run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: eventdesk <command> [options]');
    }
  });

  it('refuses an unknown command with exit code 2 and a hint', async () => {
    const result = await run(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "frobnicate"');
    expect(result.stdout).toBe('');
  });

  it('runs as the installed bin with nothing but its own output', async () => {
    const bin = path.resolve(import.meta.dirname, '../../bin/eventdesk.js');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, '--version']);
    expect(stdout).toBe(`${packageJson.version}\n`);
    expect(stderr).toBe('');
  });
});
