import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { AppInfo } from '../common/ipc.ts';
import type { Environments } from '../../features/environments/node/environments.ts';
import { logFiles, redactLine } from './log.ts';

/**
 * "Help → Export diagnostics": one zip a user can attach to a support request, holding what
 * helps to understand a problem and no secret:
 *   README.txt          what is inside
 *   app-info.json       versions, platform, data folder, how secrets are stored
 *   environments.json   the environments as their export writes them: settings, never a key
 *   logs/eventdesk.log  and its rotated files, masked again with today's secrets
 */

export interface DiagnosticsSources {
  appInfo: () => AppInfo;
  /** The export strips secrets and the embedded sandbox; diagnostics reuses it as it is. */
  environments: Pick<Environments, 'list' | 'exportJson'>;
  /** Values to mask in the logs, such as the vault's keys and tokens (see knownSecrets in log.ts). */
  secrets: () => readonly (string | null | undefined)[];
  now?: () => Date;
}

export interface Diagnostics {
  /** A name for the save dialog. */
  fileName: string;
  /** The zip itself; the files service writes it where the user chose. */
  bytes: Uint8Array;
  entries: string[];
}

/** A name for the save dialog: eventdesk-diagnostics-2026-11-22T10-00-00.zip. */
export function diagnosticsFileName(time: Date): string {
  return `eventdesk-diagnostics-${time.toISOString().slice(0, 19).replaceAll(':', '-')}.zip`;
}

const readme = `EventDesk diagnostics

app-info.json       the app's version, platform and data folder, and how secrets are stored
environments.json   your environments' settings, as Export writes them (no API key, password or token)
logs/               the app's log files, newest first (eventdesk.log, then eventdesk.log.1, ...)

API keys, passwords, tokens and Authorization values are masked (••••) everywhere.
`;

export async function buildDiagnostics(sources: DiagnosticsSources): Promise<Diagnostics> {
  const now = (sources.now ?? (() => new Date()))();
  const info = sources.appInfo();
  const secrets = sources.secrets();
  const ids = sources.environments.list().environments.map((environment) => environment.id);

  const files: Zippable = {
    'README.txt': strToU8(readme),
    'app-info.json': strToU8(`${JSON.stringify({ exportedAt: now.toISOString(), app: info }, null, 2)}\n`),
    'environments.json': strToU8(sources.environments.exportJson(ids)),
  };
  for (const file of logFiles(info.dataFolder)) {
    const text = await readFile(file, 'utf8').catch(() => null);
    // Lines logged before a secret was known (or by an older version) are masked here too.
    if (text !== null) files[`logs/${path.basename(file)}`] = strToU8(redactLine(text, secrets));
  }

  return { fileName: diagnosticsFileName(now), bytes: zipSync(files, { level: 6, mtime: now }), entries: Object.keys(files) };
}
