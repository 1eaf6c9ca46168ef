import { spawn, type ChildProcess } from 'node:child_process';
import { access, appendFile, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { InputError, readInputs, type ActionInputs, type SandboxInputs } from './inputs.ts';

/**
 * The EventDesk GitHub Action (action.yml): installs a pinned `eventdesk` into a folder of its
 * own, starts a sandbox if asked and waits until it answers, runs the workspace's scenarios with a
 * JUnit report, stops the sandbox, and exits with the run's code once the report is written.
 * Runs anywhere with the INPUT_* variables set by hand, e.g.
 * `INPUT_SANDBOX=true INPUT_WORKSPACE=shop node action/run.ts`.
 */

const POLL_INTERVAL_MS = 200;
const STOP_GRACE_MS = 5_000;

/** On GitHub, an error is an annotation on the run's summary; elsewhere a plain line. */
function error(message: string): void {
  console.error(process.env.GITHUB_ACTIONS === 'true' ? `::error::${message}` : message);
}

/** A step that cannot go on: its message, then what explains it (a log), and the action exits 1. */
class StepFailure extends Error {
  readonly detail: string;
  constructor(message: string, detail = '') {
    super(message);
    this.detail = detail;
  }
}

function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Windows runs npm through its .cmd shim, which only a shell starts; quoted, so paths may hold spaces. */
function npm(args: string[]): ChildProcess {
  const windows = process.platform === 'win32';
  return spawn('npm', windows ? args.map((arg) => `"${arg}"`) : args, { stdio: ['ignore', process.stderr, process.stderr], shell: windows });
}

/** Installs the package into `folder` and returns the path of its command's script. */
async function install(spec: string, folder: string): Promise<string> {
  console.log(`Installing ${spec}`);
  const code = await exitOf(npm(['install', '--prefix', folder, '--no-audit', '--no-fund', '--no-save', spec]));
  if (code !== 0) throw new StepFailure(`npm could not install ${spec} (exit ${code}): see its output above.`);
  const root = path.join(folder, 'node_modules', 'eventdesk');
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string; bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.eventdesk;
  if (bin === undefined) throw new StepFailure(`${spec} has no eventdesk command: is it the eventdesk package?`);
  console.log(`eventdesk ${manifest.version} installed`);
  return path.join(root, bin);
}

interface Sandbox {
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(POLL_INTERVAL_MS * 5) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts `eventdesk sandbox` with its output in a log, and waits until it serves its description, up to the deadline. */
async function startSandbox(cli: string, options: SandboxInputs, workspace: string, folder: string): Promise<Sandbox> {
  const log = path.join(folder, 'sandbox.log');
  const output = await open(log, 'w');
  const args = ['sandbox', '--port', String(options.port), ...(options.plan === null ? [] : ['--plan', options.plan])];
  const child = spawn(process.execPath, [cli, ...args], { cwd: workspace, stdio: ['ignore', output.fd, output.fd] });
  await output.close();
  let exit: number | null = null;
  const exited = exitOf(child).then((code) => (exit = code));
  const stop = async () => {
    if (exit !== null) return;
    child.kill('SIGTERM');
    // Unreferenced, so the wait keeps the script alive no longer than the sandbox takes to stop.
    if ((await Promise.race([exited, sleep(STOP_GRACE_MS, 'late', { ref: false })])) === 'late') child.kill('SIGKILL');
    await exited;
  };

  const url = `http://127.0.0.1:${options.port}/_sandbox/openapi.json`;
  const deadline = Date.now() + options.timeoutMs;
  console.log(`Starting the sandbox: eventdesk ${args.join(' ')}`);
  for (;;) {
    if (await answers(url)) break;
    const problem =
      exit !== null
        ? `The sandbox stopped (exit ${exit}) before it answered on ${url}.`
        : Date.now() >= deadline
          ? `The sandbox did not answer on ${url} within ${options.timeoutMs / 1000} s.`
          : null;
    if (problem !== null) {
      await stop();
      throw new StepFailure(problem, `The sandbox's log:\n${await readFile(log, 'utf8')}`);
    }
    await sleep(POLL_INTERVAL_MS);
  }
  console.log(`The sandbox answers on http://127.0.0.1:${options.port}`);
  return { stop };
}

async function runScenarios(cli: string, inputs: ActionInputs): Promise<number> {
  const args = ['run', ...inputs.scenarios, ...inputs.target, '--reporter', 'text,junit', '--out', inputs.reportDir, ...(inputs.bail ? ['--bail'] : [])];
  console.log(`eventdesk ${args.join(' ')}`);
  return exitOf(spawn(process.execPath, [cli, ...args], { cwd: inputs.workspace, stdio: ['ignore', 'inherit', 'inherit'] }));
}

/** Says where the JUnit report is, to later steps through the `report` output when run by GitHub. */
async function publishReport(report: string): Promise<void> {
  console.log(`JUnit report: ${report}`);
  if (process.env.GITHUB_OUTPUT) await appendFile(process.env.GITHUB_OUTPUT, `report=${report}\n`);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function main(): Promise<number> {
  const actionVersion = (JSON.parse(await readFile(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const inputs = readInputs(process.env, process.cwd(), actionVersion);
  const folder = await mkdtemp(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'eventdesk-action-'));
  try {
    const cli = await install(inputs.packageSpec, folder);
    const report = path.join(inputs.reportDir, 'junit.xml');
    // One from an earlier run would pass for this run's if this one writes none.
    await rm(report, { force: true });
    const sandbox = inputs.sandbox === null ? null : await startSandbox(cli, inputs.sandbox, inputs.workspace, folder);
    let code: number;
    try {
      code = await runScenarios(cli, inputs);
    } finally {
      await sandbox?.stop();
    }
    if (!(await exists(report))) throw new StepFailure(`eventdesk run wrote no report (exit ${code}): see its message above.`);
    await publishReport(report);
    if (code !== 0) error(`eventdesk run failed (exit ${code}): the report says which steps.`);
    return code;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => (process.exitCode = code),
  (failure: unknown) => {
    if (!(failure instanceof InputError || failure instanceof StepFailure)) throw failure;
    error(failure.message);
    if (failure instanceof StepFailure && failure.detail !== '') console.error(failure.detail);
    process.exitCode = failure instanceof InputError ? 2 : 1;
  },
);
