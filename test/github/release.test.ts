import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readYaml, runStep, stepEnv, workflowStep, type Workflow } from './support/workflow.ts';

/**
 * release.yml's own scripts, run as a runner runs them: which certificate electron-builder gets on
 * each platform, and the checks the command line's package passes before npm publishes it. Under
 * bash; on Windows `bash` may name WSL's rather than the Git Bash GitHub runs them with, so there
 * they are skipped.
 */

const bashSteps = describe.skipIf(process.platform === 'win32');

const RELEASE = '.github/workflows/release.yml';
const SIGNING = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'CSC_IDENTITY_AUTO_DISCOVERY',
  'MAC_CERTIFICATE',
  'WINDOWS_CERTIFICATE',
];

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

bashSteps('the installers are signed', () => {
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

bashSteps('the command line package', () => {
  /** A package tarball as `npm pack` lays it out, with this manifest. */
  async function tarball(name: string, manifest: Record<string, unknown>): Promise<string> {
    const packed = path.join(folder, name);
    await mkdir(path.join(packed, 'package'), { recursive: true });
    await writeFile(path.join(packed, 'package', 'package.json'), JSON.stringify(manifest));
    execFileSync('tar', ['-czf', `${packed}.tgz`, '-C', packed, 'package']);
    return `${packed}.tgz`;
  }

  async function check(manifest: Record<string, unknown>, tag: string) {
    const step = await workflowStep(RELEASE, 'cli', "The package is the tag's version, and names this repository (npm's provenance checks it)");
    const file = await tarball(`${tag}-${Object.keys(manifest).length}-${String(manifest.version)}`, manifest);
    return runStep(step, {
      PATH: process.env.PATH,
      GITHUB_REF_NAME: tag,
      GITHUB_REPOSITORY: 'acme/eventdesk',
      ...stepEnv(step, { 'steps.pack.outputs.tarball': file }),
    });
  }

  it("is published when it is the tag's version and names this repository, as npm's provenance asks", async () => {
    expect(
      (await check({ name: 'eventdesk', version: '0.4.0', repository: { type: 'git', url: 'git+https://github.com/acme/eventdesk.git' } }, 'v0.4.0')).code,
    ).toBe(0);
    expect((await check({ name: 'eventdesk', version: '0.4.0', repository: 'https://github.com/acme/eventdesk' }, 'v0.4.0')).code).toBe(0);
  });

  it('is not published under a tag of another version', async () => {
    const { code, stdout } = await check({ name: 'eventdesk', version: '0.4.0', repository: { url: 'https://github.com/acme/eventdesk' } }, 'v0.4.1');
    expect(code).toBe(1);
    expect(stdout).toBe("::error::The tag v0.4.1 does not match the command line package's version (0.4.0).\n");
  });

  it('is not published when it names no repository, or another: the provenance would be refused', async () => {
    const none = await check({ name: 'eventdesk', version: '0.4.0' }, 'v0.4.0');
    expect(none.code).toBe(1);
    expect(none.stdout).toBe(
      "::error::npm publishes with provenance only for a package whose repository.url is https://github.com/acme/eventdesk; the package says ''.\n",
    );
    const other = await check({ name: 'eventdesk', version: '0.4.0', repository: { url: 'https://github.com/acme/eventdesk-fork' } }, 'v0.4.0');
    expect(other.code).toBe(1);
  });

  it('is published with provenance, from the token in the NPM_TOKEN secret, once the installers are built', async () => {
    const workflow = await readYaml<Workflow>(RELEASE);
    const npm = workflow.jobs.npm;
    expect(npm?.needs).toEqual(['installers', 'cli']);
    expect(npm?.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    const publish = npm?.steps.find((step) => step.name === 'Publish the command line to npm');
    expect(publish?.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
    expect(publish?.run).toBe('npm publish cli-package/*.tgz --provenance');
    expect(npm?.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org' });
  });
});
