import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DraftSchema, type Draft, type DraftList } from '../../shared/draft.ts';
import { AppError } from '../../shared/errors.ts';
import { createAtomicWriter, parseJsonOrNull, setAside } from './json-file.ts';

/**
 * Every open batch, autosaved to the data folder as it is typed, so a crash or a kill loses
 * nothing: one file per draft (a big batch rewrites only itself) and an index of their order
 * and which one is open.
 */

const IndexSchema = z.object({ version: z.literal(1), order: z.array(z.string()), activeId: z.string().nullable() });

const safeId = /^[A-Za-z0-9_-]{1,100}$/;

export function createDrafts(dataFolder: string) {
  const folder = path.join(dataFolder, 'drafts');
  const indexFile = path.join(folder, 'index.json');
  const writeIndex = createAtomicWriter(indexFile);
  const writers = new Map<string, (text: string) => Promise<void>>();
  let index: z.infer<typeof IndexSchema> = { version: 1, order: [], activeId: null };
  // Read once, before any change, so a save can never write an index that forgot the others.
  const loaded = readFile(indexFile, 'utf8').then(
    (text) => {
      const parsed = IndexSchema.safeParse(parseJsonOrNull(text));
      if (parsed.success) index = parsed.data;
    },
    () => undefined,
  );

  function fileOf(id: string): string {
    // Ids become file names: refuse anything that could step outside the folder.
    if (!safeId.test(id)) throw new AppError('draft-id', 'A draft id may only hold letters, digits, - and _.');
    return path.join(folder, `${id}.json`);
  }

  function writerOf(id: string) {
    let writer = writers.get(id);
    if (!writer) writers.set(id, (writer = createAtomicWriter(fileOf(id))));
    return writer;
  }

  async function readDraft(id: string): Promise<Draft | null> {
    const file = fileOf(id);
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      return DraftSchema.parse(JSON.parse(text));
    } catch {
      await setAside(file);
      return null;
    }
  }

  return {
    async list(): Promise<DraftList> {
      await loaded;
      // Drafts whose id the index lost (a crash between the two writes) are still shown.
      const files = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.json') && name !== 'index.json').map((name) => name.slice(0, -5));
      const ids = [...index.order, ...files.filter((id) => safeId.test(id) && !index.order.includes(id))];
      const drafts = (await Promise.all(ids.map(readDraft))).filter((draft): draft is Draft => draft !== null);
      const activeId = drafts.some((draft) => draft.id === index.activeId) ? index.activeId : (drafts[0]?.id ?? null);
      return { drafts, activeId };
    },

    async save(draft: Draft): Promise<void> {
      await loaded;
      await writerOf(draft.id)(JSON.stringify(draft));
      if (!index.order.includes(draft.id)) {
        index.order.push(draft.id);
        await writeIndex(JSON.stringify(index));
      }
    },

    async activate(id: string): Promise<void> {
      await loaded;
      fileOf(id);
      index.activeId = id;
      await writeIndex(JSON.stringify(index));
    },

    async close(id: string): Promise<void> {
      await loaded;
      await rm(fileOf(id), { force: true });
      writers.delete(id);
      index.order = index.order.filter((known) => known !== id);
      if (index.activeId === id) index.activeId = index.order[0] ?? null;
      await writeIndex(JSON.stringify(index));
    },
  };
}
export type Drafts = ReturnType<typeof createDrafts>;
