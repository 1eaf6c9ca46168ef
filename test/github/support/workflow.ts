import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parse } from 'yaml';

/**
 * A step of a GitHub workflow or action, read from its YAML and run the way a runner runs a
 * `shell: bash` step (`bash --noprofile --norc -eo pipefail`), with the `${{ … }}` of its env
 * replaced from a context the test gives: what the step does, without GitHub.
 */

export const root = path.resolve(import.meta.dirname, '../../..');

export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  shell?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export interface Workflow {
  jobs: Record<string, { steps: Step[]; needs?: string | string[]; permissions?: Record<string, string> }>;
}

export async function readYaml<T>(file: string): Promise<T> {
  return parse(await readFile(path.join(root, file), 'utf8')) as T;
}

export async function workflowStep(file: string, job: string, name: string): Promise<Step> {
  const workflow = await readYaml<Workflow>(file);
  const step = workflow.jobs[job]?.steps.find((candidate) => candidate.name === name);
  if (step === undefined) throw new Error(`${file} has no step "${name}" in job ${job}.`);
  return step;
}

const EXPRESSION = /^\$\{\{\s*([\w.-]+)\s*\}\}$/;

/** The step's env, each value a plain `${{ name }}` looked up in `context` (missing: '', as GitHub gives a missing secret). */
export function stepEnv(step: Step, context: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => {
      const expression = EXPRESSION.exec(value);
      if (expression === null) throw new Error(`${name}: "${value}" is not one plain \${{ name }}, which this test reads.`);
      return [name, context[expression[1] as string] ?? ''];
    }),
  );
}

export interface StepRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runStep(step: Step, env: NodeJS.ProcessEnv, cwd = root): Promise<StepRun> {
  if (step.shell !== 'bash' || step.run === undefined) throw new Error(`"${step.name}" is not a bash step.`);
  return outcome(spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** What a process wrote and how it ended. */
export function outcome(child: ChildProcessByStdio<null, Readable, Readable>): Promise<StepRun> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve, reject) => child.once('error', reject).once('close', (code) => resolve({ code, stdout, stderr })));
}
