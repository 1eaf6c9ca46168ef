import { existsSync } from 'node:fs';
import { AppError } from '../../../base/common/errors.ts';
import { HistoryFilterSchema, type HistoryFilter } from '../../../features/history/common/history.ts';
import { plural } from '../../../base/common/plural.ts';
import { captureFileIn, captureReadError, openCapture, type CaptureStore } from '../../../features/capture/node/capture-store.ts';
import { captureBatches, eachEventOf, historyBatches, historyFileIn, openHistory, type SubmissionStore } from '../../node/index.ts';
import { dataFolderFrom } from '../shared/data-folder.ts';
import { UsageError } from '../shared/flags.ts';
import { instantOf } from '../history/history.ts';
import { eventsFrom, readEventFiles } from '../shared/event-files.ts';
import type { CsvMapFlag } from '../shared/event-files.ts';

/**
 * Where `eventdesk plan infer` and `plan coverage` take their events: batch files, the batches
 * of a time range of the history (--history [--from] [--to] [--data]), or what the sandbox
 * captured (--capture [--from] [--to] [--accepted] [--data]). History is read a submission at a
 * time and the capture a request at a time, so thousands of them hold one in memory at once.
 */

export const EVENT_SOURCE_FLAGS = {
  history: { type: 'boolean' },
  capture: { type: 'boolean' },
  accepted: { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  data: { type: 'string' },
} as const;

export const EVENT_SOURCE_USAGE = `  --history              Read the batches sent in a time range of the history, not files
  --capture              Read what the sandbox captured (eventdesk sandbox --capture, the
                         app's sandbox), not files
  --accepted             With --capture: only the events the sandbox accepted
  --from DATE, --to DATE The range of when they were sent or captured (YYYY-MM-DD,
                         "YYYY-MM-DD HH:MM" in local time, or an ISO 8601 instant; --to a date
                         alone is the end of that day)
  --data DIR             The data folder whose history or capture to read`;

export interface EventSource {
  readonly events: Iterable<unknown>;
  readonly notes: readonly string[];
  /** Where the events came from, once they were read: "120 events of 2 files". */
  described(count: number): string;
  close(): void;
}

interface SourceFlags {
  history?: boolean | undefined;
  capture?: boolean | undefined;
  accepted?: boolean | undefined;
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

/** The range the flags give, as ISO instants, or why it cannot be read. */
function rangeOf(values: SourceFlags): { from: string | null; to: string | null } {
  const problems: string[] = [];
  const from = instantOf('--from', values.from, 'from', problems);
  const to = instantOf('--to', values.to, 'to', problems);
  if (from !== null && to !== null && from >= to) problems.push(`--from ${values.from} is not before --to ${values.to}: nothing could match.`);
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return { from, to };
}

function historySource(dataFolder: string, values: SourceFlags): EventSource {
  const range = rangeOf(values);
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
    events: historyEvents(store, HistoryFilterSchema.parse(range), counted),
    notes: [],
    described: (count) => `${plural(count, 'event')} of ${plural(counted.submissions, 'submission')} in the history${rangeWords(values)}`,
    close: () => store.close(),
  };
}

function captureSource(dataFolder: string, values: SourceFlags, sandboxHint: string): EventSource {
  const range = rangeOf(values);
  const file = captureFileIn(dataFolder);
  // Opening the store would create the file: a look must not.
  if (!existsSync(file)) throw new UsageError(`Nothing is captured in ${dataFolder} yet: run "eventdesk sandbox --capture${sandboxHint}" and send it events.`);
  let store: CaptureStore;
  try {
    store = openCapture(file, { readOnly: true });
  } catch (error) {
    const unreadable = captureReadError(file, error);
    if (unreadable === null) throw error;
    throw new UsageError(`${unreadable.message} (${unreadable.detail ?? ''})`);
  }
  const acceptedOnly = values.accepted === true;
  const { reading, parts } = captureBatches(store, { ...range, acceptedOnly });
  return {
    events: eachEventOf(parts),
    notes: [],
    described: (count) =>
      `${plural(count, 'event')} ${acceptedOnly ? 'the sandbox accepted' : 'captured'} in ${plural(reading.matching, 'request')}${rangeWords(values)}`,
    close: () => store.close(),
  };
}

export async function eventSource(files: readonly string[], values: SourceFlags): Promise<EventSource> {
  if (values.history && values.capture) throw new UsageError('Read either --history or --capture, not both.');
  if (values.accepted && !values.capture) throw new UsageError('--accepted goes with --capture: the sandbox accepted or refused each event it captured.');
  if (!values.history && !values.capture) {
    const stray = (['from', 'to', 'data'] as const).filter((flag) => values[flag] !== undefined);
    if (stray.length > 0) throw new UsageError(`${stray.map((flag) => `--${flag}`).join(', ')} go with --history or --capture.`);
    const { events, notes } = await readEventFiles(files, values['csv-map']);
    return { events, notes, described: (count) => eventsFrom(count, files), close: () => undefined };
  }
  const which = values.history ? '--history' : '--capture';
  if (files.length > 0) throw new UsageError(`Read either files or ${which}, not both.`);
  if (values['csv-map'] !== undefined)
    throw new UsageError(`--csv-map is for CSV files; ${values.history ? 'the history holds JSON batches' : 'the capture holds JSON events'}.`);
  const dataFolder = dataFolderFrom(values.data);
  return values.history ? historySource(dataFolder, values) : captureSource(dataFolder, values, values.data === undefined ? '' : ` --data ${values.data}`);
}
