import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `npm run docs:screenshots`: runs the e2e test that takes the guide's pictures from the app as
 * it is (test/e2e/guide.spec.ts), writing them into docs/guide/images rather than beside the
 * test results. Extra arguments go to Playwright.
 */

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const root = path.resolve(import.meta.dirname, '..');
const child = spawn(
  process.execPath,
  ['--no-memory-protection-keys', cli, 'test', 'test/e2e/guide.spec.ts', '--grep', "the guide's pictures", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, EVENTDESK_GUIDE_SCREENSHOTS: '1' },
  },
);
child.once('exit', (code) => process.exit(code ?? 1));
