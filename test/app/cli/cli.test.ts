import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { runCli } from '../../../app/cli/main.ts';
import { runCli as spawnCli } from '../../support/cli-run.ts';

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

  it('prints help with --help, and on standard error with exit 2 when given nothing to do', async () => {
    for (const args of [['--help'], ['-h']]) {
      const result = await run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: eventdesk <command> [options]');
    }
    const none = await run([]);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain('Usage: eventdesk <command> [options]');
  });

  it('refuses an unknown command with exit code 2 and a hint', async () => {
    const result = await run(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('eventdesk: unknown command "frobnicate". Run "eventdesk --help" for the list.\n');
    expect(result.stdout).toBe('');
  });

  it('says which command or option a mistyped one likely meant', async () => {
    expect(await run(['sendd'])).toMatchObject({
      code: 2,
      stderr: 'eventdesk: unknown command "sendd". Did you mean "send"? Run "eventdesk --help" for the list.\n',
    });
    expect((await run(['hsitory'])).stderr).toContain('Did you mean "history"?');
    expect((await run(['--verison'])).stderr).toBe('eventdesk: unknown option "--verison". Did you mean --version? Run "eventdesk --help" for the list.\n');
    const help = 'Run "eventdesk send --help" for the flags.\n';
    expect(await run(['send', 'x.json', '--josn'])).toMatchObject({ code: 2, stderr: `eventdesk send: unknown option --josn. Did you mean --json?\n${help}` });
    expect((await run(['send', 'x.json', '--chunksize', '5'])).stderr).toBe(`eventdesk send: unknown option --chunksize. Did you mean --chunk-size?\n${help}`);
    expect((await run(['send', 'x.json', '--Chunk_Size', '5'])).stderr).toContain('Did you mean --chunk-size?');
  });

  describe("says a mistyped flag or a missing file in one line of its own words, exit 2, in every command (the flags listed only after a flag's mistake)", () => {
    const commands = ['sandbox', 'login', 'validate', 'send', 'history', 'transform'];
    const help = (command: string) => `Run "eventdesk ${command} --help" for the flags.\n`;

    it.each(commands)('%s --foo', async (command) => {
      expect(await spawnCli([command, '--foo'])).toEqual({ code: 2, stdout: '', stderr: `eventdesk ${command}: unknown option --foo.\n${help(command)}` });
    });

    it('a flag without its value, and a value a flag does not take', async () => {
      expect((await spawnCli(['transform', 'x.json', '--where'])).stderr).toBe(`eventdesk transform: --where needs a value.\n${help('transform')}`);
      expect((await spawnCli(['validate', '--help=yes'])).stderr).toBe(`eventdesk validate: --help takes no value.\n${help('validate')}`);
    });

    it.each(['send', 'history', 'capture'])('%s --data naming a file, where the data folder is expected', async (command) => {
      const file = path.join(import.meta.dirname, 'cli.test.ts');
      const args =
        command === 'send' ? ['send', file, '--dry-run', '--base-url', 'http://127.0.0.1:9'] : command === 'capture' ? ['capture', 'list'] : [command];
      expect(await spawnCli([...args, '--data', file])).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk ${command}: --data ${file} is a file: it names the data folder, where EventDesk keeps its history and captures. Name a folder (made if need be).\n`,
      });
    });

    it.each([
      ['validate', []],
      ['transform', []],
      ['send', ['--dry-run', '--base-url', 'http://127.0.0.1:9']],
    ])('%s of a file that is not there', async (command, flags) => {
      const missing = path.join(import.meta.dirname, 'no-such-events.json');
      expect(await spawnCli([command, missing, ...flags])).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk ${command}: cannot read ${missing}: no such file.\n`,
      });
    });
  });
});
