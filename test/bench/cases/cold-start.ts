import { chromium } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildBundles } from '../../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { startHarness } from '../../harness/server.ts';
import { median, type BenchCase } from '../bench.ts';

const RUNS = 5;

/**
 * From nothing to a usable app: a fresh harness, a fresh browser context (cold cache), until
 * the root says `data-app-state="ready"`. The baseline is a blank page served and loaded the
 * same way in the same browser.
 */
const coldStart: BenchCase = {
  name: 'cold-start',
  async run() {
    await buildBundles();
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const appSamples: number[] = [];
    const blankSamples: number[] = [];
    try {
      await (await startHarness()).close(); // builds and caches the harness bridge: test plumbing, not the app
      for (let run = 0; run < RUNS; run++) {
        blankSamples.push(await timeBlankPage(browser));
        appSamples.push(await timeAppReady(browser));
      }
    } finally {
      await browser.close();
    }
    return [{ name: 'cold-start-ready', value: median(appSamples), unit: 'ms', baseline: { name: 'blank-page-load', value: median(blankSamples) } }];
  },
};
export default coldStart;

type Browser = Awaited<ReturnType<typeof chromium.launch>>;

async function timeAppReady(browser: Browser): Promise<number> {
  const started = performance.now();
  const harness = await startHarness();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(harness.url);
    await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    return performance.now() - started;
  } finally {
    await context.close();
    await harness.close();
  }
}

async function timeBlankPage(browser: Browser): Promise<number> {
  const started = performance.now();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>blank</title><div id="root" data-app-state="ready"></div>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached' });
    return performance.now() - started;
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
