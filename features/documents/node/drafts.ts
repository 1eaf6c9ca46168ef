import { randomUUID } from 'node:crypto';
import { appendFile, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  DraftOriginsSchema,
  DraftSchema,
  type Draft,
  type DraftEdits,
  type DraftInput,
  type DraftList,
  type DraftOrigins,
  type PseudonymOrigin,
  type ReopenedDraft,
} from '../common/draft.ts';
import { AppError } from '../../../base/common/errors.ts';
import { TextBlocks } from '../../../base/common/text-changes.ts';
import { readTextBlocks, writeTextBlocks } from './draft-text-file.ts';
import { createAtomicWriter, parseJsonOrNull, setAside } from '../../../base/node/json-file.ts';
import { makePrivateFolderAndFiles, PRIVATE_FILE_MODE } from '../../../base/node/private-files.ts';

/**
 * Every open batch, autosaved to the data folder as it is typed, so a crash or a kill loses
 * nothing. A draft is three files: `<id>.json` names it (its name, file, revision and base),
 * `<id>.<base>.txt` is its text as of that revision, as a plain file, and `<id>.<base>.journal`
 * holds the edits made since, one line per autosave. `<id>.origins.json`, when the draft was
 * pseudonymized, holds the original ids the pseudonyms replaced (for the send's note in the history). An autosave appends the edits it carries,
 * so a pause in typing costs what was typed, never an encoding of the whole 29 MB text.
 *
 * Crash safety: the text file and `<id>.json` are written whole or not at all (renamed into
 * place), and a new base gets a new name, so `<id>.json` always names a complete text; a line
 * of the journal cut short by a crash is the last one, and is dropped. The journal is folded
 * into a new base when a draft is read at start-up and when it grows past FOLD_BYTES, block by
 * block so that neither the services' event loop nor memory holds one long task.
 *
 * Drafts hold customers' events: every file is its owner's alone (0600) in a folder only its
 * owner may enter, like the history.
 *
 * Drafts written before this format (`<id>.json` holding the text itself) are read as they are
 * and rewritten in this one.
 */

/** A journal this long is folded into a new base text. */
const FOLD_BYTES = 4 * 1024 * 1024;

const safeId = /^[A-Za-z0-9_-]{1,100}$/;
/** Names Windows keeps for devices, whatever follows the dot: `CON.json` opens the console there, not a file. */
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

const IndexSchema = z.object({ version: z.literal(1), order: z.array(z.string()), activeId: z.string().nullable() });

const MetaSchema = z.object({
  format: z.literal(2),
  id: z.string(),
  name: z.string(),
  filePath: z.string().nullable(),
  updatedAt: z.string(),
  /** The revision of the base text, where the journal starts. */
  revision: z.number().int().min(0),
  /** Names the base text and its journal. */
  base: z.string().regex(/^[a-z0-9]{1,40}$/),
});
type Meta = z.infer<typeof MetaSchema>;

/** One autosave in the journal: the edits since revision `from`, and the name and file as then. */
const JournalEntrySchema = z.object({
  from: z.number().int().min(0),
  name: z.string(),
  filePath: z.string().nullable(),
  updatedAt: z.string(),
  changes: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0), z.string()])),
});
type JournalEntry = z.infer<typeof JournalEntrySchema>;

/** What the service knows of a draft on disk: its description and how far its journal goes. */
interface Kept {
  meta: Meta;
  revision: number;
  journalBytes: number;
}

export function createDrafts(dataFolder: string) {
  const folder = path.join(dataFolder, 'drafts');
  const indexFile = path.join(folder, 'index.json');
  const writeIndex = createAtomicWriter(indexFile, PRIVATE_FILE_MODE);
  const metaWriters = new Map<string, (text: string) => Promise<void>>();
  const originsWriters = new Map<string, (text: string) => Promise<void>>();
  const kept = new Map<string, Kept>();
  // One queue per draft: its saves, folds and removal happen in the order they were asked for.
  const queues = new Map<string, Promise<unknown>>();
  let index: z.infer<typeof IndexSchema> = { version: 1, order: [], activeId: null };
  // Read once, before any change, so a save can never write an index that forgot the others.
  const loaded = makePrivateFolderAndFiles(folder)
    .then(() => readFile(indexFile, 'utf8'))
    .then(
      (text) => {
        const parsed = IndexSchema.safeParse(parseJsonOrNull(text));
        if (parsed.success) index = parsed.data;
      },
      () => undefined,
    );

  function checkId(id: string): void {
    // Ids become file names: refuse anything that could step outside the folder.
    if (!safeId.test(id)) throw new AppError('draft-id', 'A draft id may only hold letters, digits, - and _.');
    if (WINDOWS_DEVICE.test(id)) throw new AppError('draft-id', `A draft id may not be "${id}": Windows keeps that name for a device.`);
  }
  const metaFile = (id: string) => path.join(folder, `${id}.json`);
  const textFile = (id: string, base: string) => path.join(folder, `${id}.${base}.txt`);
  const journalFile = (id: string, base: string) => path.join(folder, `${id}.${base}.journal`);
  // Not taken for a draft by list(): "a.origins" is no draft id.
  const originsFile = (id: string) => path.join(folder, `${id}.origins.json`);

  function queued<T>(id: string, run: () => Promise<T>): Promise<T> {
    const next = (queues.get(id) ?? Promise.resolve()).then(run, run);
    queues.set(id, next);
    return next;
  }

  function writeMeta(meta: Meta): Promise<void> {
    let writer = metaWriters.get(meta.id);
    if (!writer) metaWriters.set(meta.id, (writer = createAtomicWriter(metaFile(meta.id), PRIVATE_FILE_MODE)));
    return writer(JSON.stringify(meta));
  }

  /** Removes the draft's text and journal files other than those of `keep` (older bases, a write a crash cut short). */
  async function removeStale(id: string, keep: string | null): Promise<void> {
    const mine = new RegExp(`^${id}\\.([a-z0-9]+)\\.(txt|journal)(\\.\\d+\\.tmp)?$`);
    const names = await readdir(folder).catch(() => [] as string[]);
    const stale = names.filter((name) => {
      const base = mine.exec(name)?.[1];
      return base !== undefined && base !== keep;
    });
    await Promise.all(stale.map((name) => rm(path.join(folder, name), { force: true })));
  }

  /** Writes `text` as the draft's new base at `revision`, then points the draft at it. */
  async function writeBase(description: Omit<Meta, 'format' | 'base' | 'revision'>, revision: number, text: TextBlocks): Promise<void> {
    const base = randomUUID().replaceAll('-', '').slice(0, 16);
    await writeTextBlocks(textFile(description.id, base), text.parts(), PRIVATE_FILE_MODE);
    const meta: Meta = { format: 2, ...description, revision, base };
    await writeMeta(meta);
    kept.set(meta.id, { meta, revision, journalBytes: 0 });
    await removeStale(meta.id, base);
  }

  /** The entries of a journal that follow on from `revision`, up to the first one a crash cut short. */
  async function readJournal(file: string, revision: number): Promise<JournalEntry[]> {
    const text = await readFile(file, 'utf8').catch(() => '');
    const entries: JournalEntry[] = [];
    for (const line of text.split('\n')) {
      const entry = JournalEntrySchema.safeParse(parseJsonOrNull(line));
      if (!entry.success || entry.data.from !== revision + entries.length) break;
      entries.push(entry.data);
    }
    return entries;
  }

  /** The base text with its journal applied, folded into a new base when there was a journal. */
  async function readCurrent(meta: Meta): Promise<{ text: TextBlocks; draft: Omit<Draft, 'text'> }> {
    const text = await readTextBlocks(textFile(meta.id, meta.base));
    const entries = await readJournal(journalFile(meta.id, meta.base), meta.revision);
    for (const entry of entries) text.apply(entry.changes.map(([rangeOffset, rangeLength, inserted]) => ({ rangeOffset, rangeLength, text: inserted })));
    const last = entries.at(-1);
    const description = {
      id: meta.id,
      name: last?.name ?? meta.name,
      filePath: last === undefined ? meta.filePath : last.filePath,
      updatedAt: last?.updatedAt ?? meta.updatedAt,
    };
    const revision = meta.revision + entries.length;
    if (entries.length > 0) await writeBase(description, revision, text);
    else kept.set(meta.id, { meta, revision, journalBytes: 0 });
    return { text, draft: { ...description, revision } };
  }

  /** The original ids kept beside the draft; none when there are none or they cannot be read (only the send's note loses them). */
  async function readOrigins(id: string): Promise<PseudonymOrigin[]> {
    const json = await readFile(originsFile(id), 'utf8').catch(() => null);
    const origins = DraftOriginsSchema.shape.origins.safeParse(json === null ? null : parseJsonOrNull(json));
    return origins.success ? origins.data : [];
  }

  /** A draft as it was last saved, or null (an unreadable one is set aside, kept for the user). */
  async function readDraft(id: string): Promise<Draft | null> {
    const file = metaFile(id);
    const json = await readFile(file, 'utf8').catch(() => null);
    if (json === null) return null;
    const value = parseJsonOrNull(json);
    const meta = MetaSchema.safeParse(value);
    if (meta.success) {
      const current = await readCurrent(meta.data).catch(() => null);
      if (current) return { ...current.draft, text: current.text.toString() };
    } else {
      // The format before journals: the whole draft, text included, in one JSON file.
      const old = DraftSchema.safeParse(value);
      if (old.success) {
        const { text, revision, ...description } = old.data;
        await writeBase(description, revision, new TextBlocks([text]));
        return old.data;
      }
    }
    await setAside(file);
    return null;
  }

  async function reopen(id: string): Promise<ReopenedDraft | null> {
    const draft = await readDraft(id);
    const origins = draft === null ? [] : await readOrigins(id);
    return draft !== null && origins.length > 0 ? { ...draft, origins } : draft;
  }

  async function remember(id: string): Promise<void> {
    if (index.order.includes(id)) return;
    index.order.push(id);
    await writeIndex(JSON.stringify(index));
  }

  return {
    async list(): Promise<DraftList> {
      await loaded;
      // Drafts whose id the index lost (a crash between the two writes) are still shown.
      const files = (await readdir(folder).catch(() => [] as string[]))
        .filter((name) => name.endsWith('.json') && name !== 'index.json')
        .map((name) => name.slice(0, -5));
      const ids = [...index.order, ...files.filter((id) => safeId.test(id) && !WINDOWS_DEVICE.test(id) && !index.order.includes(id))];
      const drafts = (await Promise.all(ids.map((id) => queued(id, () => reopen(id))))).filter((draft) => draft !== null);
      const activeId = drafts.some((draft) => draft.id === index.activeId) ? index.activeId : (drafts[0]?.id ?? null);
      return { drafts, activeId };
    },

    /** Saves a draft's whole text: a new draft, or one whose edits went out of step. */
    async save(input: DraftInput): Promise<void> {
      const { text, revision, ...description } = DraftSchema.parse(input);
      checkId(description.id);
      await loaded;
      await queued(description.id, () => writeBase(description, revision, new TextBlocks([text])));
      await remember(description.id);
    },

    /** Appends the edits since `revision` to the draft's journal; refused when the draft is at another revision. */
    async saveEdits({ changes, revision, ...description }: DraftEdits): Promise<void> {
      checkId(description.id);
      await loaded;
      await queued(description.id, async () => {
        const draft = kept.get(description.id);
        if (!draft || draft.revision !== revision)
          throw new AppError(
            'draft-out-of-step',
            'These edits belong to another revision of the draft than the one saved.',
            `kept ${draft?.revision ?? 'none'}, edits from ${revision}`,
          );
        const { name, filePath, updatedAt } = description;
        const entry: JournalEntry = {
          from: revision,
          name,
          filePath,
          updatedAt,
          changes: changes.map((change) => [change.rangeOffset, change.rangeLength, change.text]),
        };
        const line = `${JSON.stringify(entry)}\n`;
        await appendFile(journalFile(draft.meta.id, draft.meta.base), line, { mode: PRIVATE_FILE_MODE });
        draft.revision = revision + 1;
        draft.journalBytes += line.length;
        if (draft.journalBytes > FOLD_BYTES) await readCurrent(draft.meta);
      });
    },

    /** Keeps the original ids beside a saved draft, in place of those kept before; none removes them. */
    async saveOrigins(input: DraftOrigins): Promise<void> {
      const { id, origins } = DraftOriginsSchema.parse(input);
      checkId(id);
      await loaded;
      await queued(id, async () => {
        // A late save for a draft closed meanwhile must not leave its customers' ids behind it.
        if (!kept.has(id)) throw new AppError('draft-unknown', 'The original ids could not be kept: the batch has no saved draft.');
        if (origins.length === 0) return rm(originsFile(id), { force: true });
        let writer = originsWriters.get(id);
        if (!writer) originsWriters.set(id, (writer = createAtomicWriter(originsFile(id), PRIVATE_FILE_MODE)));
        await writer(JSON.stringify(origins));
      });
    },

    async activate(id: string): Promise<void> {
      checkId(id);
      await loaded;
      index.activeId = id;
      await writeIndex(JSON.stringify(index));
    },

    async close(id: string): Promise<void> {
      checkId(id);
      await loaded;
      await queued(id, async () => {
        await rm(metaFile(id), { force: true });
        await rm(originsFile(id), { force: true });
        await removeStale(id, null);
        kept.delete(id);
        metaWriters.delete(id);
        originsWriters.delete(id);
      });
      index.order = index.order.filter((known) => known !== id);
      if (index.activeId === id) index.activeId = index.order[0] ?? null;
      await writeIndex(JSON.stringify(index));
    },
  };
}
export type Drafts = ReturnType<typeof createDrafts>;
