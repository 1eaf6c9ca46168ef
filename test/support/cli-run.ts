import { spawn } from 'node:child_process';
import path from 'node:path';

/** The command line as a user runs it: a separate process, its output and exit code. */

const cli = path.resolve(import.meta.dirname, '../../app/cli/bin.ts');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `eventdesk ARGS` in `cwd` with `stdin` on its standard input and `env` (default: this process's
 * variables); `timeout` (ms) ends a run that does not end by itself, with a null code.
 */
export function runCli(
  args: string[],
  { stdin = '', env = process.env, timeout, cwd }: { stdin?: string; env?: NodeJS.ProcessEnv; timeout?: number; cwd?: string } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env, cwd, ...(timeout === undefined ? {} : { timeout }) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => child.once('error', reject).once('close', (code) => resolve({ code, stdout, stderr })));
}
