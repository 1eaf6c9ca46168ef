import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDrafts } from '../../../features/documents/node/drafts.ts';
import type { PseudonymOrigin } from '../../../features/documents/common/draft.ts';

/** The original ids a pseudonymized draft was made from, kept beside it on disk for the send's note in the history. */

let dataFolder: string;
let folder: string;
beforeEach(async () => {
  dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-draft-origins-'));
  folder = path.join(dataFolder, 'drafts');
});

const draft = (id: string) => ({
  id,
  name: `Batch ${id}`,
  text: '[{"customer_id": "cust-3f2a9c01b7d4"}]',
  filePath: null,
  updatedAt: new Date().toISOString(),
});
const origins: PseudonymOrigin[] = [
  { pseudonym: 'cust-3f2a9c01b7d4', kind: 'customer', original: 'cust-7781' },
  { pseudonym: '0e1d2c3b-4a59-4867-8a9b-0c1d2e3f4a5b', kind: 'device', original: 'dev-1' },
];
const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

describe('the original ids kept beside a draft', () => {
  it('come back with the draft after a restart, in a file its owner alone may read, in the owner-only folder', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a'));
    await drafts.save(draft('b'));
    await drafts.saveOrigins({ id: 'a', origins });
    const list = await createDrafts(dataFolder).list();
    expect(list.drafts.map((one) => [one.id, one.origins])).toEqual([
      ['a', origins],
      ['b', undefined],
    ]);
    expect(await mode(path.join(folder, 'a.origins.json'))).toBe('600');
    expect(await mode(folder)).toBe('700');
    // Not a draft of its own.
    expect(list.drafts).toHaveLength(2);
  });

  it('replace those kept before, and an empty list removes the file', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a'));
    await drafts.saveOrigins({ id: 'a', origins });
    await drafts.saveOrigins({ id: 'a', origins: origins.slice(1) });
    expect(JSON.parse(await readFile(path.join(folder, 'a.origins.json'), 'utf8'))).toEqual(origins.slice(1));
    await drafts.saveOrigins({ id: 'a', origins: [] });
    expect(await readdir(folder)).not.toContain('a.origins.json');
    expect((await createDrafts(dataFolder).list()).drafts[0]?.origins).toBeUndefined();
  });

  it('are deleted with the draft, and a late save for a closed draft leaves nothing behind', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a'));
    await drafts.saveOrigins({ id: 'a', origins });
    await drafts.close('a');
    expect((await readdir(folder)).filter((name) => name.startsWith('a.'))).toEqual([]);
    await expect(drafts.saveOrigins({ id: 'a', origins })).rejects.toMatchObject({ code: 'draft-unknown' });
    await expect(drafts.saveOrigins({ id: 'never-saved', origins })).rejects.toMatchObject({ code: 'draft-unknown' });
    expect(await readdir(folder)).toEqual(['index.json']);
  });

  it('are bounded like the send’s note: at most 1 000 ids of 256 characters', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a'));
    const many = Array.from({ length: 1001 }, (_, n): PseudonymOrigin => ({ pseudonym: `cust-${n}`, kind: 'customer', original: `c-${n}` }));
    await expect(drafts.saveOrigins({ id: 'a', origins: many })).rejects.toThrow();
    await expect(drafts.saveOrigins({ id: 'a', origins: [{ ...origins[0]!, original: 'x'.repeat(257) }] })).rejects.toThrow();
    await expect(drafts.saveOrigins({ id: 'a', origins: [{ ...origins[0]!, pseudonym: '1'.repeat(257) }] })).rejects.toThrow();
    await drafts.saveOrigins({ id: 'a', origins: many.slice(0, 1000) });
    expect((await createDrafts(dataFolder).list()).drafts[0]?.origins).toHaveLength(1000);
  });

  it('refuse an id that could name a file outside the drafts folder', async () => {
    await expect(createDrafts(dataFolder).saveOrigins({ id: '../secrets', origins })).rejects.toMatchObject({ code: 'draft-id' });
  });

  it('that cannot be read cost the note, never the draft', async () => {
    const drafts = createDrafts(dataFolder);
    await drafts.save(draft('a'));
    await writeFile(path.join(folder, 'a.origins.json'), '{ broken');
    const list = await createDrafts(dataFolder).list();
    expect(list.drafts.map((one) => [one.id, one.origins])).toEqual([['a', undefined]]);
  });
});
