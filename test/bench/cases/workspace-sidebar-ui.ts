import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildBundles } from '../../../build/bundles.ts';
import { loadWorkspace } from '../../../features/workspace/node/scan.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { harnessDialogs } from '../../harness/dialogs.ts';
import { startHarness } from '../../harness/server.ts';
import { median, type BenchCase } from '../bench.ts';
import { makeWorkspace } from '../workspace-1000.ts';

/**
 * Issue #18's figure in the app: a workspace of 1 000 files opened from the command palette,
 * in Chromium through the harness, from Enter on "Open workspace…" to the sidebar's tree
 * holding a row for every file (every folder open, as a workspace opens), beside the same
 * listing read in Node (loadWorkspace) in the same run. Each round closes the workspace first.
 */

const ROUNDS = 5;
const BUDGET_MS = 500;

const workspaceSidebarUi: BenchCase = {
  name: 'workspace-sidebar-ui',
  async run() {
    await buildBundles();
    const root = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-sidebar-'));
    const files = await makeWorkspace(root);
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const harness = await startHarness({ dialogs: { ...harnessDialogs, chooseFilesToOpen: async (purpose) => (purpose === 'workspace' ? [root] : []) } });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await page.goto(harness.url);
      await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
      // Every file but eventdesk.json has its row.
      const rows = files - 1;
      const shown: number[] = [];
      const listed: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const listingStarted = performance.now();
        await loadWorkspace(root);
        listed.push(performance.now() - listingStarted);
        await page.keyboard.press('ControlOrMeta+K');
        const palette = page.getByRole('dialog', { name: 'Command palette' });
        await palette.getByRole('combobox').fill('open workspace');
        const started = Date.now();
        await page.keyboard.press('Enter');
        await page.waitForFunction((count) => document.querySelectorAll('[data-testid="workspace-panel"] .tree-row.file').length >= count, rows, {
          timeout: 60_000,
          polling: 'raf',
        });
        shown.push(Date.now() - started);
        await harness.services.workspaces.close();
        await page.getByTestId('workspace-panel').waitFor({ state: 'detached', timeout: 60_000 });
      }
      const value = median(shown);
      return [
        {
          name: 'workspace-sidebar-ui-1000-files',
          value,
          unit: 'ms',
          baseline: { name: 'listing-in-node', value: median(listed) },
          extra: { files, rows, slowest: Math.max(...shown), budgetMs: BUDGET_MS, withinBudget: value <= BUDGET_MS ? 'yes' : 'no' },
        },
      ];
    } finally {
      await page.close();
      await harness.close();
      await browser.close();
      await rm(root, { recursive: true, force: true });
    }
  },
};
export default workspaceSidebarUi;
