import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../shared/errors.ts';
import { HistoryFilterSchema, type HistoryFilter } from '../../shared/history.ts';
import { plural } from '../../shared/plural.ts';
import { historyBatches, historyFileIn, openHistory, type SubmissionStore } from '../services/index.ts';
import { appDataFolder } from './data-folder.ts';
import { UsageError } from './flags.ts';
import { instantOf } from './history.ts';
import { eventsFrom, readEventFiles } from './plan-files.ts';
import type { CsvMapFlag } from './transform-files.ts';

/**
 * Where `eventdesk plan infer` and `plan coverage` take their events: batch files, or the
 * batches of a time range of the history (--history [--from] [--to] [--data]). History is read
 * a submission at a time, so a range of thousands of sends holds one batch in memory at once.
 */

export const HISTORY_SOURCE_FLAGS = {
  history: { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  data: { type: 'string' },
} as const;

export const HISTORY_SOURCE_USAGE = `  --history              Read the batches sent in a time range of the history, not files
  --from DATE, --to DATE The range (YYYY-MM-DD, "YYYY-MM-DD HH:MM" in local time, or an
                         ISO 8601 instant; --to a date alone is the end of that day)
  --data DIR             The data folder whose history to read`;

export interface EventSource {
  readonly events: Iterable<unknown>;
  readonly notes: readonly string[];
  /** Where the events came from, once they were read: "120 events of 2 files". */
  described(count: number): string;
  close(): void;
}

interface SourceFlags {
  history?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
  data?: string | undefined;
  'csv-map'?: CsvMapFlag;
}

/** The events of every submission the filter matches, newest first, a batch at a time. */
function* historyEvents(store: SubmissionStore, filter: HistoryFilter, counted: { submissions: number }): Generator<unknown> {
  for (const events of historyBatches(store, filter)) {
    counted.submissions++;
    yield* events;
  }
}

function rangeWords(values: SourceFlags): string {
  if (values.from && values.to) return ` from ${values.from} to ${values.to}`;
  if (values.from) return ` since ${values.from}`;
  return values.to ? ` until ${values.to}` : '';
}

export async function eventSource(files: readonly string[], values: SourceFlags): Promise<EventSource> {
  if (!values.history) {
    const stray = (['from', 'to', 'data'] as const).filter((flag) => values[flag] !== undefined);
    if (stray.length > 0) throw new UsageError(`${stray.map((flag) => `--${flag}`).join(', ')} go with --history.`);
    const { events, notes } = await readEventFiles(files, values['csv-map']);
    return { events, notes, described: (count) => eventsFrom(count, files), close: () => undefined };
  }
  if (files.length > 0) throw new UsageError('Read either files or --history, not both.');
  if (values['csv-map'] !== undefined) throw new UsageError('--csv-map is for CSV files; the history holds JSON batches.');
  const problems: string[] = [];
  const from = instantOf('--from', values.from, 'from', problems);
  const to = instantOf('--to', values.to, 'to', problems);
  if (from !== null && to !== null && from >= to) problems.push(`--from ${values.from} is not before --to ${values.to}: nothing could match.`);
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  const dataFolder = values.data === undefined ? appDataFolder() : path.resolve(values.data);
  const file = historyFileIn(dataFolder);
  // Opening the store would create the file: a look must not.
  if (!existsSync(file)) throw new UsageError(`No history yet in ${dataFolder}: nothing has been sent from it.`);
  let store: SubmissionStore;
  try {
    store = openHistory(file);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new UsageError(`The history in ${dataFolder} cannot be read: ${error.message}`);
  }
  const counted = { submissions: 0 };
  return {
    events: historyEvents(store, HistoryFilterSchema.parse({ from, to }), counted),
    notes: [],
    described: (count) => `${plural(count, 'event')} of ${plural(counted.submissions, 'submission')} in the history${rangeWords(values)}`,
    close: () => store.close(),
  };
}
