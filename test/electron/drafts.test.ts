import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Draft } from '../../shared/draft.ts';
import { createDrafts } from '../../electron/services/drafts.ts';

let dataFolder: string;
beforeEach(async () => {
  dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-drafts-'));
});

const draft = (id: string, text: string): Draft => ({ id, name: `Batch ${id}`, text, filePath: null, updatedAt: new Date().toISOString() });

describe('drafts', () => {
  it('come back after a restart exactly as typed, in order, with the open one open', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', '[\r\n  {"token": "t"} // comment\r\n'));
    await drafts.save(draft('b', 'not even json'));
    await drafts.activate('b');
    const again = await createDrafts(dataFolder).list();
    expect(again.drafts.map((d) => [d.id, d.text])).toEqual([
      ['a', '[\r\n  {"token": "t"} // comment\r\n'],
      ['b', 'not even json'],
    ]);
    expect(again.activeId).toBe('b');
  });

  it('keep the last of many quick saves', async () => {
    const drafts = createDrafts(dataFolder);
    await Promise.all(Array.from({ length: 20 }, (_, n) => drafts.save(draft('a', `version ${n}`))));
    expect((await createDrafts(dataFolder).list()).drafts[0]?.text).toBe('version 19');
  });

  it('still show a draft the index lost, as after a crash between the two writes', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'first'));
    await drafts.save(draft('b', 'second'));
    await rm(path.join(dataFolder, 'drafts', 'index.json'));
    expect((await createDrafts(dataFolder).list()).drafts.map((d) => d.id).sort()).toEqual(['a', 'b']);
  });

  it('set an unreadable draft aside rather than fail or lose it', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'fine'));
    await writeFile(path.join(dataFolder, 'drafts', 'b.json'), '{ broken');
    const list = await createDrafts(dataFolder).list();
    expect(list.drafts.map((d) => d.id)).toEqual(['a']);
    expect((await readdir(path.join(dataFolder, 'drafts'))).some((name) => name.startsWith('b.unreadable-'))).toBe(true);
  });

  it('forget a closed draft and open the next', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'one'));
    await drafts.save(draft('b', 'two'));
    await drafts.activate('a');
    await drafts.close('a');
    const list = await createDrafts(dataFolder).list();
    expect(list.drafts.map((d) => d.id)).toEqual(['b']);
    expect(list.activeId).toBe('b');
  });

  it('refuse ids that could name a file outside the drafts folder', async () => {
    const drafts = createDrafts(dataFolder);
    for (const id of ['../secrets', 'a/b', '..', 'a.json']) {
      await expect(drafts.save(draft(id, 'x'))).rejects.toMatchObject({ code: 'draft-id' });
    }
  });
});
