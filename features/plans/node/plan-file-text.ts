import { open } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';

/**
 * The text of a plan file, for the app and the sandbox alike (the active environment's plan,
 * the sandbox's): bounded, strict UTF-8, and every failure an AppError naming the file.
 */

/** Far larger than any hand-written plan (a 1 000-kind plan is 0.3 MB); past it the file is not read. */
export const PLAN_FILE_LIMIT_BYTES = 8 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Rounded up, so a file just past the limit does not read as the limit itself. */
const megabytesUp = (bytes: number) => (Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1);

function unreadable(error: unknown, name: string, folder: string): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new AppError('plan-missing', `There is no tracking plan ${name} in ${folder}.`);
  return new AppError('plan-unreadable', `The tracking plan ${name} cannot be read${code ? ` (${code})` : ''}.`);
}

export async function readPlanFileText(file: string): Promise<string> {
  const name = path.basename(file);
  const folder = path.dirname(file);
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw unreadable(error, name, folder);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new AppError('plan-unreadable', `${name} in ${folder} is not a file.`);
    if (info.size > PLAN_FILE_LIMIT_BYTES)
      throw new AppError(
        'plan-too-large',
        `The tracking plan ${name} is ${megabytesUp(info.size)} MB; a plan is read up to ${PLAN_FILE_LIMIT_BYTES / 1024 / 1024} MB.`,
      );
    let bytes: Buffer;
    try {
      bytes = await handle.readFile();
    } catch (error) {
      throw unreadable(error, name, folder);
    }
    try {
      return utf8.decode(bytes);
    } catch {
      throw new AppError('plan-not-utf8', `The tracking plan ${name} is not UTF-8 text.`);
    }
  } finally {
    await handle.close();
  }
}
