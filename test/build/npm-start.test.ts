import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadElectron } from '../../build/electron-binary.ts';

// `npm start` (build/start.ts) run from a temporary copy of the project: its own
// node_modules/electron (Electron's real installer, or none of the binary) and a stand-in for
// Forge's command line that prints what it was given.

const root = path.resolve(import.meta.dirname, '../..');
const FORGE_STAND_IN = 'console.log(JSON.stringify(process.argv.slice(2))); process.exit(7);\n';

/** A closed port on loopback: a connection there is refused at once, as with no network. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A copy of the project with Electron's package as installed from npm: no binary yet. */
async function project(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-start-'));
  await mkdir(path.join(folder, 'build'));
  for (const file of ['start.ts', 'electron-binary.ts']) await copyFile(path.join(root, 'build', file), path.join(folder, 'build', file));
  await writeFile(path.join(folder, 'package.json'), '{ "type": "module", "version": "1.2.3" }\n');
  const electron = path.join(folder, 'node_modules', 'electron');
  await mkdir(electron, { recursive: true });
  for (const file of ['package.json', 'install.js', 'checksums.json'])
    await copyFile(path.join(root, 'node_modules', 'electron', file), path.join(electron, file));
  for (const scope of ['@electron', '@electron-internal']) await symlink(path.join(root, 'node_modules', scope), path.join(folder, 'node_modules', scope));
  const forge = path.join(folder, 'node_modules', '@electron-forge', 'cli', 'dist');
  await mkdir(forge, { recursive: true });
  await writeFile(path.join(forge, 'electron-forge.js'), FORGE_STAND_IN);
  return folder;
}

async function installBinary(folder: string): Promise<void> {
  await mkdir(path.join(folder, 'node_modules', 'electron', 'dist'));
  await writeFile(path.join(folder, 'node_modules', 'electron', 'path.txt'), 'electron');
  await writeFile(path.join(folder, 'node_modules', 'electron', 'dist', 'electron'), '');
}

function npmStart(folder: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', path.join(folder, 'build', 'start.ts'), ...args],
    {
      cwd: folder,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, electron_config_cache: path.join(folder, 'cache'), ...env },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

afterEach(() => vi.unstubAllEnvs());

describe('npm start', () => {
  it('says in one paragraph, with no stack trace, that the Electron binary could not be downloaded and what works without it', async () => {
    const folder = await project();
    const { code, stdout, stderr } = await npmStart(folder, [], { ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/` });
    expect(code).toBe(1);
    expect(stdout).toBe('Downloading the Electron binary (once, about 110 MB)…\n');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^EventDesk cannot start: the Electron binary it runs in could not be downloaded \(the download failed\)\./);
    for (const said of [
      'no network here, or a proxy is in the way',
      'HTTPS_PROXY',
      'ELECTRON_MIRROR',
      'npm run cli -- --help',
      'npx eventdesk@1.2.3',
      'npm run harness',
    ])
      expect(stderr).toContain(said);
    expect(stderr).not.toMatch(/^\s+at |Error:|install-electron/m);
  });

  it('goes straight on to electron-forge start, with its arguments and exit code, when the binary is there', async () => {
    const folder = await project();
    await installBinary(folder);
    const { code, stdout, stderr } = await npmStart(folder, ['--enable-logging'], {});
    expect({ code, stdout, stderr }).toEqual({ code: 7, stdout: '["start","--enable-logging"]\n', stderr: '' });
  });

  it("leaves a binary kept elsewhere (Electron's ELECTRON_OVERRIDE_DIST_PATH) to Electron, downloading nothing", async () => {
    const folder = await project();
    const { code, stdout } = await npmStart(folder, [], { ELECTRON_OVERRIDE_DIST_PATH: path.join(folder, 'electron-elsewhere') });
    expect({ code, stdout }).toEqual({ code: 7, stdout: '["start"]\n' });
  });

  it('goes on to electron-forge start once the download brings the binary', async () => {
    const folder = await project();
    // Electron's installer, stood in for by one that puts the binary where the real one does.
    const electron = path.join(folder, 'node_modules', 'electron');
    await writeFile(
      path.join(electron, 'install.js'),
      `const fs = require('fs'); fs.mkdirSync(__dirname + '/dist'); fs.writeFileSync(__dirname + '/dist/electron', ''); fs.writeFileSync(__dirname + '/path.txt', 'electron');\n`,
    );
    await writeFile(path.join(electron, 'package.json'), '{ "type": "commonjs" }\n');
    const { code, stdout } = await npmStart(folder, [], {});
    expect(code).toBe(7);
    expect(stdout).toBe('Downloading the Electron binary (once, about 110 MB)…\n["start"]\n');
  });

  it('gives up on a download that hangs (a proxy swallowing packets) when its time is up', async () => {
    const folder = await project();
    const swallowed: net.Socket[] = [];
    const silent = net.createServer((socket) => void swallowed.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    vi.stubEnv('ELECTRON_MIRROR', `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/`);
    vi.stubEnv('electron_config_cache', path.join(folder, 'cache'));
    const started = performance.now();
    const download = await downloadElectron(1500, path.join(folder, 'node_modules', 'electron'));
    expect(download).toEqual({ ok: false, timedOut: true });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(swallowed.length).toBeGreaterThan(0);
    for (const socket of swallowed) socket.destroy();
    silent.close();
  });
});
