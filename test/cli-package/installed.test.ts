import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { junitSchemaErrors } from '../features/runs/reports/junit-schema.ts';
import { packCli } from './pack.ts';

/**
 * The command line as a user gets it: `npm run pack:cli`'s tarball installed into an empty
 * folder with no network (npm --offline), then run from there, never from this checkout.
 */

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const credentials = { EVENTDESK_USERNAME: 'demo', EVENTDESK_PASSWORD: 'demo-password', EVENTDESK_API_KEY: 'demo-api-key' };

let folder: string;
let installed: string;
let dataFolder: string;
let sandbox: ChildProcess | undefined;
let baseUrl: string;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the installed bin with this test's Node, from the install folder, as npx would. */
function eventdesk(args: string[], { node = process.execPath, cwd = folder } = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      node,
      [path.join(installed, 'lib', 'eventdesk.js'), ...args],
      { cwd, env: { ...process.env, ...credentials, EVENTDESK_DATA_DIR: dataFolder }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Starts the installed sandbox on a free port, capturing into the data folder; resolves with its address. */
function startSandbox(): Promise<string> {
  const child = spawn(process.execPath, [path.join(installed, 'lib', 'eventdesk.js'), 'sandbox', '--port', '0', '--capture', '--data', dataFolder], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sandbox = child;
  return new Promise((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`The sandbox did not start within 20 s:\n${said}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const address = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(said)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`The sandbox exited (${code}):\n${said}`)));
  });
}

beforeAll(async () => {
  const tarball = await packCli();
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-installed-'));
  dataFolder = path.join(folder, 'data');
  await promisify(execFile)(npm, ['install', '--offline', '--no-audit', '--no-fund', '--no-save', tarball], {
    cwd: folder,
    shell: process.platform === 'win32',
  });
  installed = path.join(folder, 'node_modules', 'eventdesk');
  baseUrl = await startSandbox();
}, 180_000);

afterAll(() => {
  sandbox?.kill();
});

describe('the eventdesk package, installed from its tarball', () => {
  it('is built JavaScript with no dependency, no test file and no source map, well under 25 MB installed', async () => {
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'eventdesk',
      version: packageJson.version,
      bin: { eventdesk: 'lib/eventdesk.js' },
      engines: packageJson.engines,
      license: 'MIT',
    });
    expect(manifest.dependencies).toBeUndefined();
    const readme = await readFile(path.join(installed, 'README.md'), 'utf8');
    expect(readme).toContain(`Needs Node.js ${packageJson.engines.node.replace('>=', '')} or newer.`);
    expect(readme).toContain(`npx eventdesk@${packageJson.version} --help`);
    expect((await readdir(path.join(folder, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual(['eventdesk']);

    const files = await filesUnder(installed);
    expect(files.filter((file) => !file.startsWith('lib/')).sort()).toEqual(['LICENSE', 'README.md', 'openapi.yaml', 'package.json', 'plan.schema.json']);
    expect(files.filter((file) => !file.endsWith('.js') && file.startsWith('lib/'))).toEqual([]);
    expect(files.filter((file) => /(^|\/)(test|tests|__tests__)\/|\.(test|spec)\.|\.ts$|\.map$/.test(file))).toEqual([]);

    let bytes = 0;
    for (const file of await filesUnder(path.join(folder, 'node_modules'))) bytes += (await stat(path.join(folder, 'node_modules', file))).size;
    expect(bytes).toBeLessThan(25 * 1024 * 1024);
  });

  it('answers --version through npx with nothing else on either stream', async () => {
    const result = await promisify(execFile)(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--offline', 'eventdesk', '--version'], {
      cwd: folder,
      shell: process.platform === 'win32',
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    expect(result).toEqual({ stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it('makes a workspace with init and runs its scenario against its own sandbox, with a JUnit report the schema accepts', async () => {
    expect((await eventdesk(['init', 'ws'])).code).toBe(0);
    const run = await eventdesk(['run', 'ws', '--base-url', baseUrl, '--reporter', 'junit', '--out', 'reports']);
    expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
    expect(run.code).toBe(0);
    const report = await readFile(path.join(folder, 'reports', 'junit.xml'), 'utf8');
    expect(report).toContain('failures="0"');
    expect(await junitSchemaErrors(report)).toEqual([]);
  });

  it('checks, transforms, sends, lists, logs in, captures and plans from the package', async () => {
    const batch = path.join('ws', 'batches', 'purchase.json');
    const plan = path.join('ws', 'plans', 'shop.plan.json');
    const ok = async (args: string[]) => {
      const result = await eventdesk(args);
      expect({ args, code: result.code, stderr: result.code === 0 ? '' : result.stderr }).toEqual({ args, code: 0, stderr: '' });
      return result.stdout;
    };
    await ok(['validate', batch, '--plan', plan]);
    expect(JSON.parse(await ok(['transform', batch, '--pseudonymize']))).toHaveLength(3);
    await ok(['login', '--base-url', baseUrl]);
    const sent = JSON.parse(await ok(['send', batch, '--base-url', baseUrl, '--json'])) as { submissionId: string };
    expect(await ok(['history', '--json'])).toContain(sent.submissionId);
    expect(await ok(['capture', 'list', '--data', dataFolder])).toContain('/user/events');
    await ok(['plan', 'check', plan]);
    expect(await ok(['plan', 'infer', batch])).toContain('purchase');
  });

  // .ci/run installs the oldest Node package.json's engines allows and names it here.
  const minimumNode = process.env.EVENTDESK_MINIMUM_NODE;
  it.skipIf(!minimumNode)(
    `runs a scenario, sends and lists the history on the oldest Node it claims (EVENTDESK_MINIMUM_NODE: ${minimumNode ?? 'not set'})`,
    async () => {
      const node = minimumNode!;
      const at = (args: string[]) => eventdesk(args, { node });
      expect((await at(['--version'])).stdout).toBe(`${packageJson.version}\n`);
      expect((await at(['init', 'oldest'])).code).toBe(0);
      const run = await at(['run', 'oldest', '--base-url', baseUrl, '--reporter', 'junit', '--out', 'oldest-reports']);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.not.stringMatching(/Warning|Error/) });
      const sent = await at(['send', path.join('oldest', 'batches', 'purchase.json'), '--base-url', baseUrl, '--json']);
      expect({ code: sent.code, stderr: sent.stderr }).toEqual({ code: 0, stderr: expect.not.stringMatching(/Warning|Error/) });
      const { submissionId } = JSON.parse(sent.stdout) as { submissionId: string };
      const history = await at(['history', '--json']);
      expect({ code: history.code, stderr: history.stderr }).toEqual({ code: 0, stderr: '' });
      expect(history.stdout).toContain(submissionId);
    },
  );

  const oldNode = '/usr/bin/node';
  const oldNodeVersion = existsSync(oldNode) ? execFileSync(oldNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() : null;
  const tooOld = oldNodeVersion !== null && Number(oldNodeVersion.split('.')[0]) < 22;
  it.skipIf(!tooOld)(
    `on a Node older than it needs (${oldNode}, ${oldNodeVersion ?? 'not here'}), says which it found and which it needs in one line, exit 2`,
    async () => {
      const result = await eventdesk(['--help'], { node: oldNode });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      const minimum = packageJson.engines.node.replace('>=', '');
      expect(result.stderr).toBe(
        `eventdesk needs Node.js ${minimum} or newer, and found Node.js ${oldNodeVersion} (${oldNode}). Install Node.js ${minimum.split('.')[0]} LTS or later from https://nodejs.org/ (or \`nvm install ${minimum.split('.')[0]}\`), then run eventdesk again.\n`,
      );
    },
  );
});
