import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { electronBinary, electronSkipReason } from './e2e/support/electron-binary.ts';

/**
 * `npm test`: typecheck, lint, unit and component tests (Vitest), e2e tests (Playwright in
 * Chromium). Every stage runs even when an earlier one failed, so one run shows everything.
 * It ends with one plain line, `N passed, N failed, N skipped`, summed over every runner, and
 * exits non-zero when anything failed or nothing ran.
 */

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const bin = (tool: string) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${tool}.cmd` : tool);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function run(tool: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(bin(tool), args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, shell: process.platform === 'win32' });
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
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
}

async function vitest(): Promise<Counts> {
  console.log('\n== unit and component tests (vitest)');
  const report = path.join(results, 'vitest.json');
  const code = await run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const json = await readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(report);
  if (!json) return { passed: 0, failed: 1, skipped: 0 };
  // A crash outside any test (a broken import, a failing hook) fails the stage even with no failed test.
  const failed = json.numFailedTests || (code === 0 ? 0 : 1);
  return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests };
}

async function playwright(): Promise<Counts> {
  console.log('\n== end-to-end tests (playwright, chromium)');
  const report = path.join(results, 'playwright.json');
  const code = await run('playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: report });
  const json = await readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(report);
  if (!json) return { passed: 0, failed: 1, skipped: 0 };
  const failed = json.stats.unexpected || (code === 0 ? 0 : 1);
  return { passed: json.stats.expected + json.stats.flaky, failed, skipped: json.stats.skipped };
}

await rm(results, { recursive: true, force: true });
await mkdir(results, { recursive: true });

const stages = [
  await check('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']),
  await check('lint', 'eslint', ['.']),
  await vitest(),
  await playwright(),
];
const total = stages.reduce((sum, stage) => ({ passed: sum.passed + stage.passed, failed: sum.failed + stage.failed, skipped: sum.skipped + stage.skipped }), { passed: 0, failed: 0, skipped: 0 });

console.log('');
if (electronBinary() === null) console.log(`SKIPPED: Electron e2e: ${electronSkipReason}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
