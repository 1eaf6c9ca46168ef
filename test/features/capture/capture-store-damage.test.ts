import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { captureMigrations } from '../../../features/capture/node/capture-schema.ts';
import { captureFileIn, captureReadError, openCapture } from '../../../features/capture/node/capture-store.ts';
import { AppError } from '../../../base/common/errors.ts';
import { cutShortCapture } from './capture-damage.ts';
import { dataFolder } from './capture-support.ts';

/** A damaged or older capture.sqlite on a real file: a writer sets a damaged one aside, a reader changes nothing and says so. */

const filesIn = (folder: string) =>
  Object.fromEntries(
    readdirSync(folder)
      .filter((name) => !/-(wal|shm)$/.test(name))
      .map((name) => [name, readFileSync(path.join(folder, name))]),
  );

describe('a capture file that cannot be used as it is', () => {
  it('cut short with its WAL beside, is found damaged on opening and set aside by a writer, which starts a fresh one', async () => {
    const folder = await dataFolder();
    const file = cutShortCapture(await dataFolder(), folder);
    const said: string[] = [];
    const store = openCapture(file, { log: (message) => said.push(message) });
    try {
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        /^The capture file could not be read, so it was set aside as .*capture\.damaged-.*\.sqlite and a fresh capture started\. \(.*the file is cut short \(\d+ bytes of the \d+ its \d+ pages take\)\)$/,
      );
      expect(store.status()).toMatchObject({ capturing: true, requests: 0 });
    } finally {
      store.close();
    }
  });

  it('cut short, is refused by a reader, which moves and changes nothing', async () => {
    const folder = await dataFolder();
    const file = cutShortCapture(await dataFolder(), folder);
    const before = filesIn(folder);
    expect(() => openCapture(file, { readOnly: true })).toThrow(
      expect.objectContaining({
        code: 'capture-unreadable',
        message: `The capture file ${file} is damaged; nothing was changed in it. Move it away, or start "eventdesk sandbox --capture" (or the app), which sets it aside and starts a fresh capture.`,
      }),
    );
    expect(filesIn(folder)).toEqual(before);
  });

  it('with no tables (a copy that left its -wal behind), is refused by a reader saying what a copy needs', async () => {
    const folder = await dataFolder();
    const file = captureFileIn(folder);
    writeFileSync(file, '');
    expect(() => openCapture(file, { readOnly: true })).toThrow(
      expect.objectContaining({
        code: 'capture-unreadable',
        detail: expect.stringContaining('holds no tables: an empty file, or a copy made while it was being written without its -wal file'),
      }),
    );
  });

  it('that is no database at all, is refused by a reader, which moves and changes nothing', async () => {
    const folder = await dataFolder();
    const file = captureFileIn(folder);
    writeFileSync(file, 'not a database, '.repeat(500));
    const before = filesIn(folder);
    let thrown: unknown;
    try {
      openCapture(file, { readOnly: true, log: () => expect.unreachable('a reader sets nothing aside') });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(captureReadError(file, thrown)).toMatchObject({ code: 'capture-unreadable', detail: expect.stringContaining('file is not a database') });
    expect(filesIn(folder)).toEqual(before);
  });

  it('from an older EventDesk, is left as it is by a reader, which says the sandbox brings it up to date', async () => {
    const folder = await dataFolder();
    const file = captureFileIn(folder);
    const older = new DatabaseSync(file);
    captureMigrations[0]!(older);
    older.exec('PRAGMA user_version = 1');
    older.close();
    expect(() => openCapture(file, { readOnly: true })).toThrow(
      expect.objectContaining({
        code: 'capture-unreadable',
        message: expect.stringContaining('bringing one from an older EventDesk up to date'),
        detail: expect.stringContaining('schema version 1'),
      }),
    );
    const after = new DatabaseSync(file, { readOnly: true });
    expect(after.prepare('PRAGMA user_version').get()).toEqual({ user_version: 1 });
    after.close();
  });

  it('a reader opens a whole file as the writer left it, reading what it holds', async () => {
    const folder = await dataFolder();
    const writer = openCapture(captureFileIn(folder), { log: () => undefined });
    writer.close();
    const reader = openCapture(captureFileIn(folder), { readOnly: true });
    expect(reader.status()).toMatchObject({ capturing: true, problem: null, requests: 0 });
    reader.close();
  });
});
