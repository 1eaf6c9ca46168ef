import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './test/e2e/support/chromium.ts';

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
    viewport: { width: 1320, height: 820 },
    trace: 'retain-on-failure',
  },
});
