import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeOut } from '../../../app/cli/shared/event-files.ts';

/** Where every command's --out goes (capture export, transform, plan infer and import), on a real folder. */

describe('--out', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-cli-out-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('into a folder that does not exist says that the folder does not exist, not the file', async () => {
    const out = path.join(folder, 'missing', 'events.json');
    await expect(writeOut(out, '[]\n', () => expect.unreachable())).rejects.toThrow(
      `--out: cannot write ${out}: the folder ${path.join(folder, 'missing')} does not exist.`,
    );
  });

  it('relative, names the folder as an absolute path, where it was looked for', async () => {
    await expect(writeOut('no-such-folder-here/events.json', '[]\n', () => undefined)).rejects.toThrow(
      `the folder ${path.resolve('no-such-folder-here')} does not exist.`,
    );
  });

  it('onto a folder says it is a folder, and writes a file in a folder that exists', async () => {
    await expect(writeOut(folder, '[]\n', () => undefined)).rejects.toThrow(`--out: cannot write ${folder}: it is a folder.`);
    const out = path.join(folder, 'events.json');
    await writeFile(out, 'old');
    await writeOut(out, '[]\n', () => undefined);
    expect(await readFile(out, 'utf8')).toBe('[]\n');
  });
});
