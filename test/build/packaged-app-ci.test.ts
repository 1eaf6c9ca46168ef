import { createPackage, listPackage } from '@electron/asar';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asarProblems } from '../../build/verify-asar.ts';
import { electronApp } from '../e2e/support/electron-binary.ts';

// The CI's packaged-app job (.github/workflows/ci.yml), which runs only on GitHub's runners:
// what it checks in app.asar, and that the job is there and launches what it packaged.

const projectRoot = path.resolve(import.meta.dirname, '../..');

async function archiveOf(files: string[]): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-asar-'));
  for (const file of files) {
    await mkdir(path.dirname(path.join(folder, 'app', file)), { recursive: true });
    await writeFile(path.join(folder, 'app', file), '1');
  }
  await createPackage(path.join(folder, 'app'), path.join(folder, 'app.asar'));
  return listPackage(path.join(folder, 'app.asar'), { isPack: false });
}

const bundles = ['.vite/build/main.cjs', '.vite/build/preload.cjs', '.vite/build/services-thread.cjs', '.vite/renderer/main_window/index.html', 'package.json'];

describe('the app.asar check', () => {
  it('passes an archive of the bundles alone', async () => {
    expect(asarProblems(await archiveOf(bundles))).toEqual([]);
  });

  it('names a missing bundle and node_modules inside', async () => {
    expect(asarProblems(await archiveOf([...bundles.slice(1), 'node_modules/zod/index.js']))).toEqual([
      '/.vite/build/main.cjs is missing',
      '3 entries are under node_modules, e.g. /node_modules',
    ]);
  });
});

interface Step {
  name?: string;
  run?: string;
  env?: Record<string, string>;
}

describe('the packaged-app job', async () => {
  const workflow = parse(await readFile(path.join(projectRoot, '.github/workflows/ci.yml'), 'utf8')) as {
    jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
  };
  const job = workflow.jobs['packaged-app']!;
  const runs = job.steps.filter((step) => step.run !== undefined);
  const stepRunning = (command: string) => runs.find((step) => step.run!.includes(command));

  it('packages the e2e flavour, unpacked, and checks its fuses and archive', () => {
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(stepRunning('npm run dist -- --dir --publish never')?.env).toEqual({ EVENTDESK_BUILD_FLAVOUR: 'e2e' });
    expect(stepRunning('node build/verify-asar.ts')?.run).toContain('out/dist/linux-unpacked/resources/app.asar');
    expect(stepRunning('node build/verify-fuses.ts')?.env).toEqual({ EVENTDESK_BUILD_FLAVOUR: 'e2e' });
  });

  it('launches the binary it packaged with the Electron e2e, under a virtual display', () => {
    const launch = stepRunning('npx playwright test test/e2e/electron.spec.ts')!;
    expect(launch.run).toMatch(/^xvfb-run /);
    expect(launch.env).toEqual({ EVENTDESK_ELECTRON_APP: 'out/dist/linux-unpacked/eventdesk' });
    expect(runs.indexOf(launch)).toBeGreaterThan(runs.indexOf(stepRunning('npm run dist')!));
  });

  it('has the Electron e2e launch that binary with no argument, which it would open as a workspace', () => {
    expect(electronApp({ EVENTDESK_ELECTRON_APP: 'out/dist/linux-unpacked/eventdesk' })).toEqual({
      executablePath: path.join(projectRoot, 'out/dist/linux-unpacked/eventdesk'),
      args: [],
    });
  });
});
