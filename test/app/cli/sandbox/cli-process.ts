import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';

/** `eventdesk sandbox` as its own process, as a user runs it, killed after each test. */

const cli = path.resolve(import.meta.dirname, '../../../../app/cli/bin.ts');

export interface SandboxProcess {
  child: ChildProcess;
  /** Standard output and standard error, interleaved as they arrived. */
  output: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface RunningSandbox extends SandboxProcess {
  url: string;
}

/**
 * Starts `eventdesk sandbox` without waiting for it: on any free port unless the flags name one,
 * or, `asUserRunsIt`, on the command's own default (the app's fixed port).
 */
export function spawnSandbox(flags: string[], { asUserRunsIt = false } = {}): SandboxProcess {
  const port = asUserRunsIt || flags.includes('--port') ? [] : ['--port', '0'];
  const child = spawn(process.execPath, [cli, 'sandbox', ...port, ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    output += text;
    stderr += text;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, stderr: () => stderr, exited };
}

/** Starts `eventdesk sandbox` and waits for the URL it prints. */
export async function runSandbox(flags: string[], options: { asUserRunsIt?: boolean } = {}): Promise<RunningSandbox> {
  const started = spawnSandbox(flags, options);
  await expect.poll(() => started.output(), { timeout: 10_000 }).toMatch(/listening at http:\/\/\S+/);
  return { ...started, url: /listening at (http:\/\/\S+)/.exec(started.output())![1]! };
}
