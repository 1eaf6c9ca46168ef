import { createReadStream } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import { TextBlocks } from '../../../base/common/text-changes.ts';

/**
 * A draft's text as a plain UTF-8 file, read and written a block at a time: a 29 MB text
 * decoded or encoded in one call holds the services' event loop for tens of milliseconds.
 */

const READ_CHUNK = 1024 * 1024;

export async function readTextBlocks(file: string): Promise<TextBlocks> {
  const text = new TextBlocks();
  // A stream with an encoding decodes each chunk on its own, keeping a character split across two whole.
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: READ_CHUNK })) text.append(chunk as string);
  return text;
}

/** Writes the blocks whole or not at all: into a temporary file (made with `mode`), renamed over `file` once complete. */
export async function writeTextBlocks(file: string, parts: readonly string[], mode: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', mode);
  try {
    for (const part of parts) await handle.write(part);
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
