import path from 'node:path';
import { electronBinary } from '../../../build/electron-binary.ts';

export { electronBinary };

const projectRoot = path.resolve(import.meta.dirname, '../../..');

export const electronSkipReason = 'no Electron binary is installed here (node_modules/electron/dist); the Electron e2e runs wherever one is';

/** Names a packaged EventDesk to test instead of the checkout (its binary, e.g. out/dist/linux-unpacked/eventdesk). */
export const PACKAGED_APP_VARIABLE = 'EVENTDESK_ELECTRON_APP';

/**
 * What `_electron.launch` starts: the packaged binary $EVENTDESK_ELECTRON_APP, which finds its
 * app in its own asar and so takes no argument (one would be a workspace to open); else the
 * installed Electron with the checkout as its app (`electron .`), the one argument main.ts knows
 * is no workspace. Null where neither exists.
 */
export function electronApp(env: Readonly<Record<string, string | undefined>> = process.env): { executablePath: string; args: string[] } | null {
  const packaged = env[PACKAGED_APP_VARIABLE];
  if (packaged) return { executablePath: path.resolve(packaged), args: [] };
  const binary = electronBinary();
  return binary === null ? null : { executablePath: binary, args: [projectRoot] };
}
