import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { fileMistake, unreadable } from './flags.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A file's text (standard input for -), or a UsageError when it is unreadable or not UTF-8. */
export async function readUtf8(file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = file === '-' ? await buffer(process.stdin) : await readFile(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw fileMistake(`${file} is not UTF-8 text.`);
  }
}
