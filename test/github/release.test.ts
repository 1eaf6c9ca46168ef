import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStep, stepEnv, workflowStep } from './support/workflow.ts';

/**
 * release.yml's own scripts, run as a runner runs them: which certificate electron-builder gets on
 * each platform.
 */

const RELEASE = '.github/workflows/release.yml';
const SIGNING = ['CSC_LINK', 'CSC_KEY_PASSWORD', 'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD', 'CSC_IDENTITY_AUTO_DISCOVERY', 'MAC_CERTIFICATE', 'WINDOWS_CERTIFICATE'];

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-release-'));
  // An npm that records the signing variables it was started with, instead of building.
  await mkdir(path.join(folder, 'bin'));
  await writeFile(path.join(folder, 'bin', 'npm'), `#!/bin/sh\nenv > "${path.join(folder, 'npm-env')}"\n`);
  await chmod(path.join(folder, 'bin', 'npm'), 0o755);
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

const secrets = {
  'secrets.MAC_CERTIFICATE': 'mac-p12-base64',
  'secrets.MAC_CERTIFICATE_PASSWORD': 'mac-password',
  'secrets.WINDOWS_CERTIFICATE': 'windows-pfx-base64',
  'secrets.WINDOWS_CERTIFICATE_PASSWORD': 'windows-password',
};

/** The signing variables `npm run dist` sees on `os` with these secrets (a missing one is empty, as GitHub passes it). */
async function signingFor(os: string, given: Record<string, string>): Promise<Record<string, string>> {
  const step = await workflowStep(RELEASE, 'installers', 'Build the installers');
  const { code, stderr } = await runStep(step, { PATH: `${path.join(folder, 'bin')}:${process.env.PATH}`, RUNNER_OS: os, ...stepEnv(step, given) });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const seen = (await readFile(path.join(folder, 'npm-env'), 'utf8')).split('\n').map((line) => line.split(/=(.*)/s));
  return Object.fromEntries(seen.filter(([name]) => SIGNING.includes(name as string)));
}

describe('the installers are signed', () => {
  it('on macOS with the Mac certificate, on Windows with the Windows one', async () => {
    expect(await signingFor('macOS', secrets)).toEqual({ CSC_LINK: 'mac-p12-base64', CSC_KEY_PASSWORD: 'mac-password' });
    expect(await signingFor('Windows', secrets)).toEqual({ WIN_CSC_LINK: 'windows-pfx-base64', WIN_CSC_KEY_PASSWORD: 'windows-password' });
    expect(await signingFor('Linux', secrets)).toEqual({});
  });

  it("with nothing when the platform's secret is empty: never the other platform's, never an empty CSC_LINK, no keychain search", async () => {
    const windowsOnly = { 'secrets.WINDOWS_CERTIFICATE': 'windows-pfx-base64', 'secrets.WINDOWS_CERTIFICATE_PASSWORD': 'windows-password' };
    expect(await signingFor('macOS', windowsOnly)).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    const macOnly = { 'secrets.MAC_CERTIFICATE': 'mac-p12-base64', 'secrets.MAC_CERTIFICATE_PASSWORD': 'mac-password' };
    expect(await signingFor('Windows', macOnly)).toEqual({});
  });
});
