import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { packCli } from '../../build/cli/pack.ts';

/** `npm run pack:cli`'s tarball installed into `folder` as a user installs it (offline, from npm's cache); the command's script. */
export async function installedCli(folder: string): Promise<string> {
  const tarball = await packCli(path.join(folder, 'pack'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--no-save', tarball], {
    cwd: folder,
    stdio: 'ignore',
    shell: process.platform === 'win32',
  });
  return path.join(folder, 'node_modules', 'eventdesk', 'lib', 'eventdesk.js');
}
