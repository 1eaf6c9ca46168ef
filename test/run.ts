import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { electronBinary, electronSkipReason } from './e2e/support/electron-binary.ts';

/**
 * `npm test`: typecheck, lint, format (prettier --check), Electron security checks (electronegativity), unit and component
 * tests (Vitest), e2e tests (Playwright in Chromium). Every stage runs even when an earlier one
 * failed, so one run shows everything. It ends with one plain line, `N passed, N failed,
 * N skipped`, summed over every runner, and exits non-zero when anything failed or nothing ran.
 * `npm test -- security unit` runs only the stages named (typecheck, lint, format, security, unit, e2e).
 */

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const bin = (tool: string) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${tool}.cmd` : tool);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** What failed, a line each, said again above the last line: a log cut to its end still names it. */
  failures?: string[];
  /** What went wrong and then right (a test whose worker crashed, passing when run again), said there too. */
  crashes?: string[];
}

/**
 * V8 write-protects its compiled code with the CPU's memory protection keys where the CPU has them (Xeon,
 * EPYC), and a race in that bookkeeping aborts a process now and then with "Check failed:
 * jit_page.has_value()" (seen twice in a test worker on a CI host, never on one without the keys). The
 * test runners and every worker they fork (which inherit Node's flags) run without it. NODE_OPTIONS
 * refuses the flag, so the runners' scripts are started under Node directly.
 */
const NODE_FLAGS = ['--no-memory-protection-keys'];
const scripts: Record<string, string> = { vitest: 'vitest/vitest.mjs', playwright: '@playwright/test/cli.js' };

/** Runs a tool; `stderr`, when given, reads what it writes there (passed on as it comes). */
function run(tool: string, args: string[], env: Record<string, string> = {}, stderr?: (text: string) => void): Promise<number> {
  return new Promise((resolve) => {
    const script = scripts[tool];
    const [command, commandArgs] = script ? [process.execPath, [...NODE_FLAGS, path.join(root, 'node_modules', script), ...args]] : [bin(tool), args];
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ['inherit', 'inherit', stderr ? 'pipe' : 'inherit'],
      env: { ...process.env, ...env },
      shell: !script && process.platform === 'win32',
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderr?.(chunk.toString('utf8'));
    });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** A check with no test count of its own (typecheck, lint) counts as one test. */
async function check(title: string, tool: string, args: string[]): Promise<Counts> {
  console.log(`\n== ${title}`);
  const code = await run(tool, args);
  console.log(code === 0 ? `${title}: ok` : `${title}: FAILED (exit ${code})`);
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, failures: code === 0 ? [] : [`${title} (exit ${code})`] };
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

interface VitestRun {
  code: number;
  json: VitestReport | null;
  /** Each file whose fork was killed under it, with the signal, as vitest says on stderr. */
  lost: Map<string, string>;
  /** How many errors outside any test vitest caught (a lost fork is one). */
  unhandled: number;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const LOST_FORK = /Worker exited unexpectedly with signal (\w+) .*? while running test file (\S+)/g;
const UNHANDLED = /Vitest caught (\d+) unhandled errors?/;

async function vitestRun(report: string, files: string[]): Promise<VitestRun> {
  let printed = '';
  const lost = new Map<string, string>();
  let unhandled = 0;
  const code = await run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files], {}, (text) => {
    // Only what may name a lost fork is kept, not the whole of stderr.
    printed = (printed + text.replace(ANSI, '')).slice(-64 * 1024);
    for (const [, signal, file] of printed.matchAll(LOST_FORK)) lost.set(path.relative(root, file!), signal!);
    unhandled = Math.max(unhandled, Number(UNHANDLED.exec(printed)?.[1] ?? 0));
  });
  return { code, json: await readJson<VitestReport>(report), lost, unhandled };
}

const countOf = (file: VitestReport['testResults'][number], status: string) => file.assertionResults.filter((test) => test.status === status).length;

/**
 * The unit and component tests. A file whose fork was killed under it by a signal (V8 or a native
 * module aborting; vitest names the file and the signal) runs once more on its own, as the
 * end-to-end tests do: its second run's tests count instead of its first's, and the crash is said
 * either way. A file that fails otherwise (an import, a hook) counts as a failure and is not rerun.
 */
async function vitest(): Promise<Counts> {
  console.log('\n== unit and component tests (vitest)');
  const first = await vitestRun(path.join(results, 'vitest.json'), []);
  const { code, json, lost } = first;
  if (!json) return { passed: 0, failed: 1, skipped: 0, failures: [`vitest (exit ${code}) wrote no report`] };
  const firstLine = (messages: string[]) => (messages[0] ?? '').split('\n')[0];
  const counts = { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
  const failures: string[] = [];
  for (const file of json.testResults) {
    const where = path.relative(root, file.name);
    if (lost.has(where)) {
      // Its first run does not count: it runs again below. (A lost file's tests are reported
      // pending, which vitest's own totals do not count.)
      counts.passed -= countOf(file, 'passed');
      counts.failed -= countOf(file, 'failed');
      continue;
    }
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length > 0) failures.push(...tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages)}`));
    else if (file.status === 'failed') {
      failures.push(`${where}: ${firstLine([file.message ?? '']) || 'failed outside any test (a hook), printed above'}`);
      counts.failed++;
    }
  }
  const crashes: string[] = [];
  if (lost.size > 0) {
    console.log(`\n== unit and component test files whose fork crashed, once more (${lost.size})`);
    const again = await vitestRun(path.join(results, 'vitest-again.json'), [...lost.keys()]);
    for (const [where, signal] of lost) {
      const rerun = again.json?.testResults.find((file) => path.relative(root, file.name) === where);
      const passedAgain = rerun !== undefined && rerun.status === 'passed' && !again.lost.has(where);
      (passedAgain ? crashes : failures).push(`${where}: its fork was killed (${signal}) while it ran; run again, it ${passedAgain ? 'passed' : 'failed too'}`);
      counts.passed += rerun ? countOf(rerun, 'passed') : 0;
      counts.failed += passedAgain ? 0 : Math.max(1, rerun ? countOf(rerun, 'failed') : 0);
      counts.skipped += rerun ? countOf(rerun, 'pending') + countOf(rerun, 'skipped') + countOf(rerun, 'todo') : 0;
    }
  }
  // An error outside any test that is not a lost fork (an unhandled rejection) fails the stage too.
  const unexplained = code !== 0 && counts.failed === 0 && (lost.size === 0 || first.unhandled > lost.size);
  if (unexplained) failures.push(`vitest exited with ${code}: an error outside any test, printed above`);
  return { ...counts, failed: counts.failed || (unexplained ? 1 : 0), failures, crashes };
}

interface ElectronegativityConfig {
  input: string[];
  skippedChecks: { check: string; reason: string }[];
  justified: { id: string; file: string; sample?: string; reason: string }[];
}

interface ElectronegativityFinding {
  id: string;
  file: string;
  sample?: string;
  location: { line: number; column: number };
  severity: { name: string; value: number };
  description: string;
}

interface ElectronegativityResult {
  globalChecks: number;
  atomicChecks: number;
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: ElectronegativityFinding[];
}

type ElectronegativityRun = (options: Record<string, unknown>, forCli: boolean) => Promise<ElectronegativityResult>;

/**
 * Loads electronegativity's runner with its translations read from its own folder. At every
 * start it otherwise fetches them from GitHub, and offline its HTTP client then throws outside
 * any promise, killing the process; npm test must work offline and the same way twice.
 */
function loadElectronegativity(): ElectronegativityRun {
  const require = createRequire(import.meta.url);
  const translations = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
  const i18n = createRequire(translations)('i18n') as { configure(options: object): void; setLocale(locale: string): void };
  const offline = new Module(translations);
  offline.filename = translations;
  offline.loaded = true;
  offline.exports = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: path.dirname(translations),
      updateFiles: false,
      objectNotation: true,
      register: globalThis,
    });
    i18n.setLocale('en-US');
  };
  require.cache[translations] = offline;
  return require('@doyensec/electronegativity/dist/runner.js') as ElectronegativityRun;
}

/**
 * Electronegativity's scan counts as one check, like typecheck and lint: its rules are not tests
 * of ours. A finding at MEDIUM or above fails it, unless electronegativity.json justifies it
 * (same check, file and line of source); so does a file it could not parse, and a justification
 * that matches nothing any more.
 */
async function electronegativity(): Promise<Counts> {
  console.log('\n== Electron security checks (electronegativity)');
  const config = JSON.parse(await readFile(path.join(root, 'electronegativity.json'), 'utf8')) as ElectronegativityConfig;
  const electronVersion = (JSON.parse(await readFile(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
  // One scan over main and renderer together, so the global checks see the whole app.
  const scanned = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-electronegativity-'));
  try {
    for (const folder of config.input) await cp(path.join(root, folder), path.join(scanned, folder), { recursive: true });
    const result = await loadElectronegativity()(
      {
        input: scanned,
        isRelative: true,
        electronVersionOverride: electronVersion,
        excludeFromScan: config.skippedChecks.map(({ check }) => check),
        parserPlugins: [],
      },
      false,
    );
    const medium = 2;
    const matches = (finding: ElectronegativityFinding, justification: ElectronegativityConfig['justified'][number]) =>
      finding.id === justification.id && finding.file === justification.file && (justification.sample === undefined || finding.sample === justification.sample);
    // Paths as electronegativity.json writes them, on Windows too.
    const issues = result.issues.map((finding) => ({ ...finding, file: finding.file.split(path.sep).join('/') }));
    const serious = issues.filter((finding) => finding.severity.value >= medium);
    const unjustified = serious.filter((finding) => !config.justified.some((justification) => matches(finding, justification)));
    const stale = config.justified.filter((justification) => !serious.some((finding) => matches(finding, justification)));
    const unparsed = result.errors.filter((error) => !error.tolerable);

    for (const finding of unjustified)
      console.log(
        `FAILED ${finding.id} (${finding.severity.name}) ${finding.file}:${finding.location.line}: ${finding.description}\n       ${finding.sample ?? ''}`,
      );
    for (const justification of stale)
      console.log(`FAILED electronegativity.json justifies ${justification.id} in ${justification.file}, which it no longer finds: remove it`);
    for (const error of unparsed) console.log(`FAILED could not scan ${error.file}: ${error.message}`);
    for (const finding of serious.filter((candidate) => !unjustified.includes(candidate))) {
      console.log(
        `justified ${finding.id} (${finding.severity.name}) ${finding.file}: ${config.justified.find((justification) => matches(finding, justification))?.reason}`,
      );
    }
    for (const { check, reason } of config.skippedChecks) console.log(`skipped ${check}: ${reason}`);
    const minor = issues.length - serious.length;
    const checks = result.globalChecks + result.atomicChecks;
    const failed = unjustified.length + stale.length + unparsed.length > 0;
    console.log(
      `electronegativity ${electronVersion}: ${checks} checks, ${unjustified.length} unjustified findings at MEDIUM or above, ${serious.length - unjustified.length} justified, ${minor} below MEDIUM`,
    );
    console.log(failed ? 'Electron security checks: FAILED' : 'Electron security checks: ok');
    return { passed: failed ? 0 : 1, failed: failed ? 1 : 0, skipped: 0, failures: failed ? ['Electron security checks (listed above)'] : [] };
  } catch (error) {
    console.log(`electronegativity: FAILED (${error instanceof Error ? error.message : String(error)})`);
    return { passed: 0, failed: 1, skipped: 0, failures: ['Electron security checks could not run'] };
  } finally {
    await rm(scanned, { recursive: true, force: true });
  }
}

interface PlaywrightResult {
  status: string;
  error?: { message?: string };
  stderr?: ({ text?: string } | string)[];
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results?: PlaywrightResult[] }[] }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
  /** Errors outside any test (a global setup or teardown). */
  errors?: { message?: string }[];
}

/** Whether each test ran and passed (`file:line`), from a report. */
function passedSpecs(suites: PlaywrightSuite[]): Set<string> {
  return new Set(
    suites.flatMap((suite) => [
      ...(suite.specs ?? [])
        .filter((spec) => spec.tests.length > 0 && spec.tests.every((test) => test.status === 'expected' || test.status === 'flaky'))
        .map((spec) => `${spec.file}:${spec.line}`),
      ...passedSpecs(suite.suites ?? []),
    ]),
  );
}

interface FailedSpec {
  /** `file:line`, as Playwright takes it to run that test alone. */
  where: string;
  name: string;
  /** Set when the test's worker process died under it (a signal, not an assertion): why, and what it printed last. */
  crash?: string;
}

const LOST_WORKER = /worker process exited unexpectedly \(code=null, signal=SIG\w+\)/;

/** Every test Playwright counted as unexpected, each with the crash of its worker when that is why it failed. */
function failedSpecs(suites: PlaywrightSuite[]): FailedSpec[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => {
        const results = spec.tests.flatMap((test) => test.results ?? []).filter((result) => result.status !== 'passed' && result.status !== 'skipped');
        const lost = results.map((result) => LOST_WORKER.exec(result.error?.message ?? '')?.[0]);
        const failed: FailedSpec = { where: `${spec.file}:${spec.line}`, name: `${spec.file}:${spec.line} › ${spec.title}` };
        if (lost.length === 0 || lost.some((message) => message === undefined)) return failed;
        const printed = results.flatMap((result) => result.stderr ?? []).map((part) => (typeof part === 'string' ? part : (part.text ?? '')));
        const lastLines = printed.join('').trimEnd().split('\n').slice(-5).join(' | ');
        return { ...failed, crash: `${lost[0]}${lastLines ? `; it printed last: ${lastLines}` : ''}` };
      }),
    ...failedSpecs(suite.suites ?? []),
  ]);
}

async function playwrightRun(report: string, filters: string[]): Promise<{ code: number; json: PlaywrightReport | null }> {
  const code = await run('playwright', ['test', '--reporter=list,json', ...filters], { PLAYWRIGHT_JSON_OUTPUT_FILE: report });
  return { code, json: await readJson<PlaywrightReport>(report) };
}

/**
 * The end-to-end tests. A test whose worker process was killed by a signal under it (V8 or a native
 * module aborting, not an assertion) runs once more on its own: its second result counts, and the
 * crash is said above the last line either way, so that it is seen, never hidden.
 */
async function playwright(): Promise<Counts> {
  console.log('\n== end-to-end tests (playwright, chromium)');
  const { code, json } = await playwrightRun(path.join(results, 'playwright.json'), []);
  if (!json) return { passed: 0, failed: 1, skipped: 0, failures: [`playwright (exit ${code}) wrote no report`] };
  const failed = failedSpecs(json.suites);
  const crashed = failed.filter((spec) => spec.crash !== undefined);
  const counts = { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected, skipped: json.stats.skipped };
  const failures = failed.filter((spec) => spec.crash === undefined).map((spec) => spec.name);
  const crashes: string[] = [];
  let exitedBadly = code !== 0 && json.stats.unexpected === 0;
  let again: Awaited<ReturnType<typeof playwrightRun>> | null = null;
  if (crashed.length > 0) {
    console.log(`\n== end-to-end tests whose worker crashed, once more (${crashed.length})`);
    again = await playwrightRun(
      path.join(results, 'playwright-again.json'),
      crashed.map((spec) => spec.where),
    );
    const passed = again.json ? passedSpecs(again.json.suites) : new Set<string>();
    for (const spec of crashed) {
      const passedAgain = passed.has(spec.where);
      (passedAgain ? crashes : failures).push(`${spec.name}: ${spec.crash}; run again, it ${passedAgain ? 'passed' : 'failed too'}`);
      counts.failed -= passedAgain ? 1 : 0;
      counts.passed += passedAgain ? 1 : 0;
    }
    exitedBadly ||= again.code !== 0 && crashed.every((spec) => passed.has(spec.where));
  }
  const outside = [...(json.errors ?? []), ...(again?.json?.errors ?? [])].map((error) => (error.message ?? '').split('\n')[0]);
  for (const error of outside) failures.push(`outside any test: ${error}`);
  counts.failed += outside.length;
  if (exitedBadly && outside.length === 0) failures.push(`playwright exited with an error though no test failed: see its output above`);
  return { ...counts, failed: counts.failed || (exitedBadly ? 1 : 0), failures, crashes };
}

const stageRunners: Record<string, () => Promise<Counts>> = {
  typecheck: () => check('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']),
  lint: () => check('lint', 'eslint', ['.']),
  format: () => check('format', 'prettier', ['--check', '--log-level=warn', '.']),
  security: electronegativity,
  unit: vitest,
  e2e: playwright,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !Object.hasOwn(stageRunners, name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}; the stages are ${Object.keys(stageRunners).join(', ')}.`);
  process.exit(2);
}

await rm(results, { recursive: true, force: true });
await mkdir(results, { recursive: true });

const stages: Counts[] = [];
for (const [name, runStage] of Object.entries(stageRunners)) {
  if (chosen.length === 0 || chosen.includes(name)) stages.push(await runStage());
}
const total = stages.reduce((sum, stage) => ({ passed: sum.passed + stage.passed, failed: sum.failed + stage.failed, skipped: sum.skipped + stage.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});

console.log('');
for (const crash of stages.flatMap((stage) => stage.crashes ?? [])) console.log(`CRASHED: ${crash}`);
for (const failure of stages.flatMap((stage) => stage.failures ?? [])) console.log(`FAILED: ${failure}`);
if ((chosen.length === 0 || chosen.includes('e2e')) && electronBinary() === null) console.log(`SKIPPED: Electron e2e: ${electronSkipReason}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
