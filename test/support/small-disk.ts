import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real small file system (tmpfs) for the tests of a full disk: `fill` leaves only so many bytes
 * free. Mounting needs root (CI runs as root); elsewhere `mountSmallDisk` says why it could not.
 */

export interface SmallDisk {
  folder: string;
  /** Writes a file taking all but `freeBytes` of the room left. */
  fill(freeBytes: number): void;
  /** Removes what fill wrote. */
  unfill(): void;
  /** Bytes free now. */
  free(): number;
  /** Makes the file system this size, keeping what it holds. */
  resize(megabytes: number): void;
  unmount(): void;
}

export function mountSmallDisk(megabytes: number): SmallDisk | string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'eventdesk-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', folder], { stdio: 'pipe' });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    return `a tmpfs cannot be mounted here (${String((error as { stderr?: unknown }).stderr ?? error).trim()}): the full-disk tests need root`;
  }
  const filler = path.join(folder, 'filler');
  const free = () => {
    const stats = statfsSync(folder);
    return stats.bavail * stats.bsize;
  };
  return {
    folder,
    free,
    fill(freeBytes) {
      // A send under way may take room between measuring and writing: then the filler is measured again.
      for (let tries = 1; ; tries++) {
        rmSync(filler, { force: true });
        try {
          writeFileSync(filler, Buffer.alloc(Math.max(0, free() - freeBytes)));
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC' || tries === 3) throw error;
        }
      }
    },
    unfill() {
      rmSync(filler, { force: true });
    },
    resize(megabytes) {
      execFileSync('mount', ['-o', `remount,size=${megabytes}m`, folder]);
    },
    unmount() {
      // Lazily: a test that failed midway may leave a file open on it.
      execFileSync('umount', ['--lazy', folder]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
