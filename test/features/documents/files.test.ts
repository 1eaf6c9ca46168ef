import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFiles } from '../../../features/documents/node/files.ts';
import type { FileDialogs } from '../../../base/node/ports.ts';

let folder: string;
let answers: (string | null)[];
let purposes: string[];
const dialogs: FileDialogs = {
  chooseFileToOpen: async (purpose) => (purposes.push(purpose), answers.shift() ?? null),
  chooseFilesToOpen: async () => [],
  chooseFileToSave: async () => answers.shift() ?? null,
};

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-files-'));
  answers = [];
  purposes = [];
});

describe('batch files', () => {
  it('open the file the user chose, exactly as it is, and remember it', async () => {
    const file = path.join(folder, 'signup.json');
    await writeFile(file, '[\r\n  {"token": "a"}\r\n]\r\n');
    answers.push(file);
    const files = createFiles(folder, dialogs);
    expect(await files.open()).toEqual({ path: file, name: 'signup.json', text: '[\r\n  {"token": "a"}\r\n]\r\n' });
    expect((await createFiles(folder, dialogs).recent()).map((entry) => entry.path)).toEqual([file]);
    expect(purposes).toEqual(['batch']);
  });

  it('read a file to import from its own dialog, leaving it out of the recent files and unsaveable', async () => {
    const file = path.join(folder, 'export.csv');
    await writeFile(file, 'token,customer_id\na,c1\n');
    answers.push(file);
    const files = createFiles(folder, dialogs);
    expect(await files.import()).toEqual({ name: 'export.csv', text: 'token,customer_id\na,c1\n' });
    expect(purposes).toEqual(['import']);
    expect(await files.recent()).toEqual([]);
    await expect(files.save({ path: file, suggestedName: 'export.csv', text: '[]' })).rejects.toMatchObject({ code: 'file-not-chosen' });
    expect(await files.import()).toBeNull();
  });

  it('answer null when the user cancels', async () => {
    const files = createFiles(folder, dialogs);
    expect(await files.open()).toBeNull();
    expect(await files.save({ path: null, suggestedName: 'x.json', text: '[]' })).toBeNull();
  });

  it('save as where the user chose, then save there again without asking', async () => {
    const target = path.join(folder, 'out.json');
    answers.push(target);
    const files = createFiles(folder, dialogs);
    expect(await files.save({ path: null, suggestedName: 'Batch 1.json', text: 'first' })).toBe(target);
    expect(await files.save({ path: target, suggestedName: 'Batch 1.json', text: 'second' })).toBe(target);
    expect(await readFile(target, 'utf8')).toBe('second');
  });

  it('refuse to write or read a path the user never chose', async () => {
    const files = createFiles(folder, dialogs);
    await expect(files.save({ path: path.join(folder, 'elsewhere.json'), suggestedName: 'x', text: 'x' })).rejects.toMatchObject({ code: 'file-not-chosen' });
    await expect(files.openRecent('/etc/passwd')).rejects.toMatchObject({ code: 'file-not-recent' });
  });

  it('reopen a recent file, and say so when it has gone', async () => {
    const file = path.join(folder, 'kept.json');
    await writeFile(file, '[1]');
    answers.push(file);
    await createFiles(folder, dialogs).open();
    const later = createFiles(folder, dialogs);
    expect((await later.openRecent(file)).text).toBe('[1]');
    await writeFile(
      path.join(folder, 'recent-files.json'),
      JSON.stringify([{ path: path.join(folder, 'gone.json'), name: 'gone.json', openedAt: new Date().toISOString() }]),
    );
    await expect(createFiles(folder, dialogs).openRecent(path.join(folder, 'gone.json'))).rejects.toMatchObject({ code: 'file-missing' });
  });

  it('keep the ten most recent, newest first, without repeats', async () => {
    const files = createFiles(folder, dialogs);
    for (let n = 0; n < 12; n++) {
      const file = path.join(folder, `b${n}.json`);
      await writeFile(file, '[]');
      answers.push(file);
      await files.open();
    }
    answers.push(path.join(folder, 'b5.json'));
    await files.open();
    const recent = (await files.recent()).map((entry) => entry.name);
    expect(recent).toHaveLength(10);
    expect(recent.slice(0, 3)).toEqual(['b5.json', 'b11.json', 'b10.json']);
  });
});
