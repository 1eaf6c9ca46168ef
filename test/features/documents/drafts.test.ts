import { appendFile, chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DraftEdits, DraftInput } from '../../../features/documents/common/draft.ts';
import { createDrafts } from '../../../features/documents/node/drafts.ts';

let dataFolder: string;
beforeEach(async () => {
  dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-drafts-'));
});

const draft = (id: string, text: string): DraftInput => ({ id, name: `Batch ${id}`, text, filePath: null, updatedAt: new Date().toISOString() });

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

  it('refuse ids Windows keeps for devices, in any case', async () => {
    const drafts = createDrafts(dataFolder);
    for (const id of ['CON', 'con', 'Nul', 'PRN', 'AUX', 'COM1', 'lpt9']) {
      await expect(drafts.save(draft(id, 'x'))).rejects.toMatchObject({
        code: 'draft-id',
        message: `A draft id may not be "${id}": Windows keeps that name for a device.`,
      });
    }
    await drafts.save(draft('CONSOLE', 'x'));
  });

  it('refuse ids that could name a file outside the drafts folder, for edits too', async () => {
    const drafts = createDrafts(dataFolder);
    await expect(drafts.saveEdits(edits('../secrets', 0, []))).rejects.toMatchObject({ code: 'draft-id' });
  });
});

const edits = (id: string, revision: number, changes: DraftEdits['changes'], name = `Batch ${id}`): DraftEdits => ({
  id,
  name,
  filePath: null,
  updatedAt: new Date().toISOString(),
  revision,
  changes,
});
const folderOf = (dataFolder: string) => path.join(dataFolder, 'drafts');

describe('drafts saved as their edits', () => {
  it('come back after a restart with every edit applied, in order, at the revision they reached', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', '[{"token": "t"}]'));
    await drafts.saveEdits(edits('a', 0, [{ rangeOffset: 12, rangeLength: 1, text: 'changed' }]));
    // Within one save, changes run from the end of the text to its start, as the editor reports them.
    await drafts.saveEdits(
      edits(
        'a',
        1,
        [
          { rangeOffset: 20, rangeLength: 0, text: ', "x": 1' },
          { rangeOffset: 0, rangeLength: 0, text: '\n' },
        ],
        'Renamed',
      ),
    );
    const [again] = (await createDrafts(dataFolder).list()).drafts;
    expect(again).toMatchObject({ id: 'a', name: 'Renamed', text: '\n[{"token": "changed", "x": 1}]', revision: 2 });
  });

  it('write the text once, as a plain file, and append each save of edits to a journal', async () => {
    const drafts = createDrafts(dataFolder);
    const text = JSON.stringify([{ token: 'x'.repeat(100_000) }]);
    await drafts.save(draft('a', text));
    await drafts.saveEdits(edits('a', 0, [{ rangeOffset: 2, rangeLength: 0, text: ' ' }]));
    const names = await readdir(folderOf(dataFolder));
    const textFile = names.find((name) => name.endsWith('.txt'))!;
    const journal = names.find((name) => name.endsWith('.journal'))!;
    expect(await readFile(path.join(folderOf(dataFolder), textFile), 'utf8')).toBe(text);
    // The journal holds the edit and the draft's name, not the text.
    expect((await readFile(path.join(folderOf(dataFolder), journal), 'utf8')).length).toBeLessThan(200);
  });

  it('refuse edits that follow another revision than the one kept, so the whole text is saved instead', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'one'));
    await expect(drafts.saveEdits(edits('a', 3, [{ rangeOffset: 0, rangeLength: 0, text: 'x' }]))).rejects.toMatchObject({ code: 'draft-out-of-step' });
    await expect(drafts.saveEdits(edits('never-saved', 0, []))).rejects.toMatchObject({ code: 'draft-out-of-step' });
    expect((await createDrafts(dataFolder).list()).drafts[0]?.text).toBe('one');
  });

  it('drop a journal line a crash cut short, keeping every edit before it', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'abc'));
    await drafts.saveEdits(edits('a', 0, [{ rangeOffset: 3, rangeLength: 0, text: 'd' }]));
    const journal = (await readdir(folderOf(dataFolder))).find((name) => name.endsWith('.journal'))!;
    await appendFile(path.join(folderOf(dataFolder), journal), '{"from":1,"name":"Batch a","filePath":null,"updatedAt":"x","changes":[[0,0,"ha');
    const list = await createDrafts(dataFolder).list();
    expect(list.drafts[0]).toMatchObject({ text: 'abcd', revision: 1 });
  });

  it('fold the journal into a new text file when read, leaving one text file and no journal', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'abc'));
    await drafts.saveEdits(edits('a', 0, [{ rangeOffset: 0, rangeLength: 1, text: 'A' }]));
    await createDrafts(dataFolder).list();
    const names = await readdir(folderOf(dataFolder));
    expect(names.filter((name) => name.startsWith('a.')).sort()).toEqual([expect.stringMatching(/^a\.[a-z0-9]+\.txt$/), 'a.json']);
    const again = createDrafts(dataFolder);
    const [folded] = (await again.list()).drafts;
    expect(folded).toMatchObject({ text: 'Abc', revision: 1 });
    // Edits go on from the folded revision.
    await again.saveEdits(edits('a', 1, [{ rangeOffset: 3, rangeLength: 0, text: '!' }]));
    expect((await createDrafts(dataFolder).list()).drafts[0]?.text).toBe('Abc!');
  });

  it('fold a journal that grew long while the app runs, so a start-up never replays a long one', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'abc'));
    const pasted = 'p'.repeat(5 * 1024 * 1024);
    await drafts.saveEdits(edits('a', 0, [{ rangeOffset: 3, rangeLength: 0, text: pasted }]));
    expect((await readdir(folderOf(dataFolder))).filter((name) => name.endsWith('.journal'))).toEqual([]);
    await drafts.saveEdits(edits('a', 1, [{ rangeOffset: 0, rangeLength: 1, text: 'A' }]));
    expect((await createDrafts(dataFolder).list()).drafts[0]).toMatchObject({ text: `Abc${pasted}`, revision: 2 });
  });

  it('remove every file of a closed draft, but keep one set aside as unreadable', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', 'abc'));
    await drafts.saveEdits(edits('a', 0, [{ rangeOffset: 0, rangeLength: 1, text: 'A' }]));
    await writeFile(path.join(folderOf(dataFolder), 'a.unreadable-1.json'), 'kept for the user');
    await drafts.close('a');
    expect((await readdir(folderOf(dataFolder))).sort()).toEqual(['a.unreadable-1.json', 'index.json']);
  });
});

describe('drafts written before journals', () => {
  it('are read as they were and rewritten as a text file', async () => {
    const folder = folderOf(dataFolder);
    await rm(folder, { recursive: true, force: true });
    await createDrafts(dataFolder).save(draft('placeholder', 'x'));
    await createDrafts(dataFolder).close('placeholder');
    // The format of earlier versions: the whole draft, text included, in one JSON file.
    const old = { id: 'old', name: 'From last year', text: '[\r\n  {"token": "t"}\r\n]', filePath: '/tmp/batch.json', updatedAt: '2025-01-01T00:00:00.000Z' };
    await writeFile(path.join(folder, 'old.json'), JSON.stringify(old));
    const drafts = createDrafts(dataFolder);
    const list = await drafts.list();
    expect(list.drafts).toEqual([{ ...old, revision: 0 }]);
    expect(JSON.parse(await readFile(path.join(folder, 'old.json'), 'utf8'))).not.toHaveProperty('text');
    await drafts.saveEdits(edits('old', 0, [{ rangeOffset: 0, rangeLength: 0, text: ' ' }], 'From last year'));
    expect((await createDrafts(dataFolder).list()).drafts[0]).toMatchObject({ text: ` ${old.text}`, filePath: null, revision: 1 });
  });
});

describe.skipIf(process.platform === 'win32')('drafts on disk', () => {
  const modes = async (folder: string) =>
    Object.fromEntries(
      await Promise.all(
        (await readdir(folder)).map(async (name) => [
          name.replace(/\.[a-z0-9]{16}\./, '.<base>.'),
          ((await stat(path.join(folder, name))).mode & 0o777).toString(8),
        ]),
      ),
    );

  it('are their owner’s alone (0600 in a 0700 folder), like the history: they hold customers’ events', async () => {
    // Under the usual umask (022), files would be 0644 and the folder 0755.
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', '[{"customer_id": "cust-7781"}]'));
    await drafts.saveEdits(edits('a', 0, [{ rangeOffset: 0, rangeLength: 0, text: ' ' }]));
    await drafts.activate('a');
    const folder = folderOf(dataFolder);
    expect(await modes(folder)).toEqual({ 'a.json': '600', 'a.<base>.txt': '600', 'a.<base>.journal': '600', 'index.json': '600' });
    expect(((await stat(folder)).mode & 0o777).toString(8)).toBe('700');
  });

  it('written readable by others by an earlier version are made private when read', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a', '[]'));
    const folder = folderOf(dataFolder);
    await chmod(folder, 0o755);
    for (const name of await readdir(folder)) await chmod(path.join(folder, name), 0o644);
    await createDrafts(dataFolder).list();
    expect(Object.values(await modes(folder))).toEqual(['600', '600', '600']);
    expect(((await stat(folder)).mode & 0o777).toString(8)).toBe('700');
  });
});
