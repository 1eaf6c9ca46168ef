import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../base/common/errors.ts';
import { redactValue } from '../../../base/common/redaction/redact.ts';
import { countSteps, type RunResult } from '../common/run-result.ts';
import { RunResultSchema, RunSourceSchema, type KeptRun } from '../common/run-schemas.ts';
import { createAtomicWriter, parseJsonOrNull } from '../../../base/node/json-file.ts';
import { PRIVATE_FILE_MODE } from '../../../base/node/private-files.ts';

/**
 * The runs of a workspace's scenarios kept to look at again and compare: each finished run, the
 * app's or `eventdesk run`'s, one JSON file in the workspace's own data folder (beside its
 * History, never in the workspace), `runs/<id>.json`, masked with every secret known before it
 * is written. The newest KEPT_RUNS stay. A file that cannot be read is left out of the list and
 * refused, saying so, when asked for: it never stops the others from being listed.
 */

export const KEPT_RUNS = 200;
/** A kept run larger than this is not read (a run of 100 scenarios of 10 steps is far below it). */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;
const FORMAT = 'eventdesk.run';
/** Run ids the engine makes (UUIDs) and nothing that could name another file. */
const RUN_ID = /^[A-Za-z0-9_-]{1,100}$/;

const KeptFileSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  source: RunSourceSchema,
  environment: z.string().nullable(),
  run: RunResultSchema,
});
type KeptFile = z.infer<typeof KeptFileSchema>;

export interface KeepOptions {
  /** Who ran it: the app's Runs view or `eventdesk run`. */
  source: KeptRun['source'];
  /** The environment it was started with, by name, or null: each scenario's own. */
  environment: string | null;
  /** Every secret known (API keys, passwords, tokens): masked wherever they appear. */
  secrets: readonly string[];
}

function summaryOf({ source, environment, run }: KeptFile): KeptRun {
  return {
    id: run.id,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    source,
    environment,
    stopped: run.stopped,
    scenarios: run.scenarios.length,
    counts: countSteps(run),
  };
}

/** The kept runs of the workspace whose data folder (open-workspace.ts workspaceDataFolder) is `folder`. */
export function keptRunsIn(folder: string) {
  const runsFolder = path.join(folder, 'runs');
  const fileOf = (id: string) => path.join(runsFolder, `${id}.json`);

  /** A kept file read and checked; a reason in words when it cannot be. */
  async function read(file: string): Promise<KeptFile | string> {
    const size = await stat(file).then(
      (found) => found.size,
      () => null,
    );
    if (size === null) return 'it is gone';
    if (size > MAX_KEPT_BYTES) return `it is larger than ${MAX_KEPT_BYTES / 1024 / 1024} MB`;
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => error);
    if (typeof text !== 'string') return `it cannot be read (${text.code ?? text.message})`;
    const parsed = KeptFileSchema.safeParse(parseJsonOrNull(text));
    return parsed.success ? parsed.data : 'it is damaged (not a kept run EventDesk can read)';
  }

  async function keptIds(): Promise<string[]> {
    const names = await readdir(runsFolder).catch(() => [] as string[]);
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => RUN_ID.test(id));
  }

  /** Every kept file with what it holds (null: damaged), newest first, the damaged last. */
  async function all(): Promise<{ id: string; kept: KeptFile | null }[]> {
    const ids = await keptIds();
    const entries = await Promise.all(
      ids.map(async (id) => {
        const kept = await read(fileOf(id));
        return { id, kept: typeof kept === 'string' ? null : kept };
      }),
    );
    const at = (entry: { kept: KeptFile | null }) => entry.kept?.run.startedAt ?? '';
    return entries.sort((a, b) => at(b).localeCompare(at(a)) || a.id.localeCompare(b.id));
  }

  return {
    /** Writes a finished run whole or not at all, then lets the oldest go past KEPT_RUNS. */
    async keep(run: RunResult, options: KeepOptions): Promise<void> {
      if (!RUN_ID.test(run.id)) throw new AppError('internal', `A run's id ${JSON.stringify(run.id.slice(0, 120))} cannot name a file.`);
      const kept: KeptFile = { format: FORMAT, version: 1, source: options.source, environment: options.environment, run };
      await createAtomicWriter(fileOf(run.id), PRIVATE_FILE_MODE)(`${JSON.stringify(redactValue(kept, options.secrets))}\n`);
      // Read whole only when there are too many: the common keep reads no other run.
      if ((await keptIds()).length <= KEPT_RUNS) return;
      for (const { id } of (await all()).slice(KEPT_RUNS)) await rm(fileOf(id), { force: true });
    },

    /** The kept runs, newest first; a damaged file is left out. */
    async list(): Promise<KeptRun[]> {
      return (await all()).flatMap(({ kept }) => (kept ? [summaryOf(kept)] : []));
    },

    /** A kept run, whole. Throws `run-not-found` when there is none by that id or it cannot be read, saying which. */
    async get(id: string): Promise<RunResult> {
      if (!RUN_ID.test(id)) throw new AppError('run-not-found', 'There is no kept run by that id.');
      const kept = await read(fileOf(id));
      if (typeof kept === 'string')
        throw new AppError('run-not-found', kept === 'it is gone' ? 'That run is no longer kept.' : `The kept run ${id} cannot be shown: ${kept}.`, fileOf(id));
      return kept.run;
    },
  };
}
export type KeptRuns = ReturnType<typeof keptRunsIn>;
