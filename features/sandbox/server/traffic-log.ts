import { open, type FileHandle } from 'node:fs/promises';
import { AppError } from '../../../base/common/errors.ts';
import type { SandboxRequestRecord } from '../common/sandbox.ts';
import { terminalJson } from '../../../base/common/terminal-text.ts';

/** The traffic appended to a file, one JSON record a line (NDJSON), for tools that tail it. */

/** When the disk falls this far behind, records are dropped rather than held in memory. */
const BACKLOG_LIMIT_BYTES = 16 * 1024 * 1024;

export interface TrafficLog {
  write(record: SandboxRequestRecord): void;
  close(): Promise<void>;
}

/** Opens (or creates) the file now, so a path that cannot be written fails the start, not a request. */
export async function openTrafficLog(file: string): Promise<TrafficLog> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'a');
  } catch (error) {
    throw new AppError('sandbox-log', `The sandbox cannot write its traffic log ${file}: ${(error as Error).message}`);
  }
  const stream = handle.createWriteStream();
  let trouble: string | null = null;
  const warnOnce = (problem: string) => {
    if (trouble === null) console.error(`Sandbox traffic log ${file}: ${problem}`);
    trouble ??= problem;
  };
  stream.on('error', (error) => warnOnce(`${error.message}; no more records are written.`));

  return {
    write(record) {
      if (stream.errored) return;
      if (stream.writableLength > BACKLOG_LIMIT_BYTES) return warnOnce('the disk is too slow; records are being dropped.');
      // What a client sent, as the same JSON with what a terminal acts on escaped: the log is read with tail -f.
      stream.write(`${terminalJson(JSON.stringify(record))}\n`);
    },
    close() {
      return new Promise((resolve) => {
        if (stream.closed) return resolve();
        stream.once('close', () => resolve());
        stream.end();
      });
    },
  };
}
