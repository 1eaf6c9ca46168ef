import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { runCli } from '../../electron/cli/main.ts';
import { runCli as spawnCli } from './support/cli-run.ts';

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

  describe('says a mistyped flag or a missing file in one line of its own words, exit 2, in every command', () => {
    const commands = ['sandbox', 'login', 'validate', 'send', 'history', 'transform'];
    const help = (command: string) => `Run "eventdesk ${command} --help" for the flags.\n`;

    it.each(commands)('%s --foo', async (command) => {
      expect(await spawnCli([command, '--foo'])).toEqual({ code: 2, stdout: '', stderr: `eventdesk ${command}: unknown option --foo.\n${help(command)}` });
    });

    it('a flag without its value, and a value a flag does not take', async () => {
      expect((await spawnCli(['transform', 'x.json', '--where'])).stderr).toBe(`eventdesk transform: --where needs a value.\n${help('transform')}`);
      expect((await spawnCli(['validate', '--help=yes'])).stderr).toBe(`eventdesk validate: --help takes no value.\n${help('validate')}`);
    });

    it.each([
      ['validate', []],
      ['transform', []],
      ['send', ['--dry-run', '--base-url', 'http://127.0.0.1:9']],
    ])('%s of a file that is not there', async (command, flags) => {
      const missing = path.join(import.meta.dirname, 'no-such-events.json');
      expect(await spawnCli([command, missing, ...flags])).toEqual({ code: 2, stdout: '', stderr: `eventdesk ${command}: cannot read ${missing}: no such file.\n${help(command)}` });
    });
  });
});
