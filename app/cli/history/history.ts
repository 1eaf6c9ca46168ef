import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseDateTime, parseWallClock } from '../../../base/common/datetime.ts';
import { resolveTimeZone } from '../../../features/environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { HISTORY_MAX_PAGE, HistoryFilterSchema, emptyHistoryFilter, type HistoryFilter } from '../../../features/history/common/history.ts';
import { redactText } from '../../../base/common/redaction/redact.ts';
import { SubmissionStatusSchema } from '../../../features/history/common/submission.ts';
import { HISTORY_FILE_NAME, historyFileIn, openHistory, searchWords, workspaceDataFolder, type SubmissionStore } from '../../node/index.ts';
import { findWorkspaceRoot } from '../../../features/workspace/node/scan.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { dataFolderFrom } from '../shared/data-folder.ts';
import { UsageError, isUsageError, parseFlags, usageText, wholeNumber } from '../shared/flags.ts';
import { detailJson, detailText, listFooter, listJson, listTable } from './history-print.ts';
import { secretsIn } from '../shared/target.ts';

/**
 * `eventdesk history` and `eventdesk history show <id>`: the app's history, read from the same
 * SQLite file with the same store and filters. It only reads: a data folder with no history
 * gets none created, and nothing is marked, migrated beyond what opening the store does, or
 * deleted.
 */

export const DEFAULT_LIMIT = 20;
const STATUSES = SubmissionStatusSchema.options;

export function historyUsage(dataFolder: string): string {
  return `Usage: eventdesk history [--search TEXT] [--status S] [--env ID] [--from DATE] [--to DATE] [--limit N] [--json] [--workspace DIR] [--data DIR]
       eventdesk history show <id> [--json] [--workspace DIR] [--data DIR]

Lists the submissions recorded by the app and by "eventdesk send", newest first, or shows one
with its request headers and every attempt of every chunk, each with its answer.

Filters (all must hold)
  --search TEXT          Words found in a customer_id, device_id, token, any attribute value, a
                         response, a label or a note; each word matches from its start
  --status S             ${STATUSES.join(', ')};
                         repeat it or give a comma list
  --env ID               An environment id, as "history show" prints it; repeat it or give a
                         comma list
  --from DATE            Started at or after DATE
  --to DATE              Started before DATE; a date alone counts its whole day
                         DATE is YYYY-MM-DD or "YYYY-MM-DD HH:MM[:SS]" in local time, or an
                         ISO 8601 instant with its offset (2026-11-22T09:30:00Z)

Output
  --limit N              At most N submissions, 1 to ${HISTORY_MAX_PAGE} (default ${DEFAULT_LIMIT})
  --json                 Print JSON: an array of submissions without their batches, or for
                         "show" the whole submission with its events and chunks
  --workspace DIR        The history of the workspace DIR is in (its sends from the app and
                         from "eventdesk run"), kept in the data folder; default: the data
                         folder's own, the sends made with no workspace open
  --data DIR             The data folder holding ${HISTORY_FILE_NAME}
                         (default: the app's, EVENTDESK_DATA_DIR or here ${dataFolder})
  -h, --help             Show this help

Secrets are never printed: the history keeps headers masked (apiKey: ••••1234).

Exit codes: 0 listed (even when nothing matches), 1 no such submission or the history cannot
be read, 2 the command was called wrong.
`;
}

const FLAGS = {
  search: { type: 'string' },
  status: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
  workspace: { type: 'string' },
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readFlags(args: string[]) {
  return parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
}

type Values = ReturnType<typeof readFlags>['values'];

/** The flags only a list reads. */
const LIST_FLAGS = ['search', 'status', 'env', 'from', 'to', 'limit'] as const;

/** "a,b" given twice as --flag a,b --flag c: [a, b, c], blanks dropped. */
function listOf(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** The instant a date flag means, as ISO text; `to` reads a date alone as the end of that day. */
export function instantOf(flag: string, text: string | undefined, edge: 'from' | 'to', problems: string[]): string | null {
  if (text === undefined) return null;
  const zone = resolveTimeZone('local');
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2})?)?$/.exec(text.trim());
  let instant: Date | null = null;
  if (local) {
    const [, day, time, seconds] = local;
    let wallClock = `${day} ${time ?? '00:00'}${seconds ?? ':00'}`;
    const parsed = parseWallClock(wallClock);
    if (!parsed.ok) {
      problems.push(`${flag}: ${parsed.error.message}`);
      return null;
    }
    if (edge === 'to' && time === undefined) {
      // The next day's midnight: UTC arithmetic on the calendar date, then read in the local zone.
      const { year, month, day: date } = parsed.value;
      const next = new Date(0);
      next.setUTCFullYear(year, month - 1, date + 1);
      wallClock = `${next.toISOString().slice(0, 10)} 00:00:00`;
    }
    const read = parseDateTime(wallClock, zone);
    instant = read.ok ? read.value : null;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text.trim())) {
    instant = new Date(text.trim());
  }
  if (instant === null || Number.isNaN(instant.getTime())) {
    problems.push(`${flag}: "${text}" is not a date. Use YYYY-MM-DD, "YYYY-MM-DD HH:MM" in local time, or an ISO 8601 instant such as 2026-11-22T09:30:00Z.`);
    return null;
  }
  return instant.toISOString();
}

/** The filter and the page size the flags ask for, or a UsageError naming every mistake. */
function listRequest(values: Values): { filter: HistoryFilter; limit: number } {
  const problems: string[] = [];
  const statuses = listOf(values.status);
  for (const status of statuses) {
    if (!(STATUSES as readonly string[]).includes(status)) problems.push(`--status: "${status}" is not a status. Use ${STATUSES.join(', ')}.`);
  }
  let limit = DEFAULT_LIMIT;
  try {
    limit = wholeNumber('--limit', values.limit) ?? DEFAULT_LIMIT;
    if (limit < 1 || limit > HISTORY_MAX_PAGE) problems.push(`--limit: ${limit} is out of range; give 1 to ${HISTORY_MAX_PAGE}.`);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const from = instantOf('--from', values.from, 'from', problems);
  const to = instantOf('--to', values.to, 'to', problems);
  if (from !== null && to !== null && from >= to) problems.push(`--from ${values.from} is not before --to ${values.to}: nothing could match.`);
  if (problems.length > 0) throw new UsageError(problems.join('\n'));

  const parsed = HistoryFilterSchema.safeParse({ search: values.search ?? '', environmentIds: listOf(values.env), statuses, from, to });
  if (!parsed.success) {
    const flagOf: Record<string, string> = { search: '--search', environmentIds: '--env', statuses: '--status', from: '--from', to: '--to' };
    throw new UsageError(parsed.error.issues.map((issue) => `${flagOf[String(issue.path[0])] ?? 'the filter'}: ${issue.message}`).join('\n'));
  }
  return { filter: parsed.data, limit };
}

/** The filter in words, for the sentence that says nothing matched. */
function describeFilter(filter: HistoryFilter, values: Values): string {
  const parts = [
    filter.search.trim() ? `search "${filter.search.trim()}"` : '',
    filter.statuses.length ? `status ${filter.statuses.join(' or ')}` : '',
    filter.environmentIds.length ? `environment ${filter.environmentIds.join(' or ')}` : '',
    values.from !== undefined ? `from ${values.from}` : '',
    values.to !== undefined ? `to ${values.to}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function isFiltered(filter: HistoryFilter): boolean {
  return searchWords(filter.search).length > 0 || filter.statuses.length > 0 || filter.environmentIds.length > 0 || filter.from !== null || filter.to !== null;
}

interface Context {
  io: CliIo;
  values: Values;
  known: string[];
  store: SubmissionStore;
}

function list({ io, values, known, store }: Context, filter: HistoryFilter, limit: number): number {
  const rows = store.list({ limit, filter });
  if (values.json) {
    io.stdout(listJson(rows, known));
    return 0;
  }
  if (rows.length === 0) {
    const neverSeen = filter.environmentIds.filter((id) => store.count({ ...emptyHistoryFilter, environmentIds: [id] }) === 0);
    const hint = neverSeen.length
      ? ` No submission was ever recorded for the environment id ${neverSeen.map((id) => `"${id}"`).join(', ')}: --env takes the id "history show" prints, not the name.`
      : '';
    io.stdout(
      redactText(
        isFiltered(filter) ? `No submission matches${describeFilter(filter, values)}.${hint}\n` : `No history yet in ${path.dirname(store.file)}.\n`,
        known,
      ),
    );
    return 0;
  }
  const timeZone = resolveTimeZone('local');
  const matching = rows.length < limit ? rows.length : store.count(filter);
  io.stdout(listTable(rows, timeZone, known) + listFooter({ shown: rows.length, matching, limit, filtered: isFiltered(filter) }));
  return 0;
}

function show({ io, values, known, store }: Context, id: string): number {
  const detail = store.get(id);
  if (!detail) {
    io.stderr(redactText(`eventdesk history show: no submission ${id} is recorded in ${store.file}.\n`, known));
    return 1;
  }
  io.stdout(values.json ? detailJson(detail, known) : detailText(detail, resolveTimeZone('local'), known));
  return 0;
}

/** Which submission `show` names, or null for a list; refuses words and flags that do not fit. */
function shownId(values: Values, positionals: readonly string[]): string | null {
  const [first, ...rest] = positionals;
  if (first === undefined) return null;
  if (first !== 'show') throw new UsageError(`"${first}" is not a subcommand: "eventdesk history" lists, "eventdesk history show <id>" shows one.`);
  if (rest.length !== 1)
    throw new UsageError(rest.length === 0 ? 'Name the submission: eventdesk history show <id>.' : `Show one submission at a time; got ${rest.length}.`);
  const unused = LIST_FLAGS.filter((flag) => values[flag] !== undefined).map((flag) => `--${flag}`);
  if (unused.length > 0) throw new UsageError(`"history show" takes only --json and --data; drop ${unused.join(', ')}.`);
  return rest[0]!;
}

export async function historyCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  const known = secretsIn(process.env);
  let values: Values;
  let id: string | null;
  let request: { filter: HistoryFilter; limit: number } | null = null;
  let appData: string;
  try {
    const parsed = readFlags(args);
    values = parsed.values;
    if (values.help) {
      io.stdout(historyUsage(dataFolderFrom(values.data)));
      return 0;
    }
    id = shownId(values, parsed.positionals);
    if (id === null) request = listRequest(values);
    appData = dataFolderFrom(values.data);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(redactText(usageText('history', error), known));
    return 2;
  }

  let dataFolder = appData;
  let whose = `in ${appData}`;
  if (values.workspace !== undefined) {
    try {
      const root = await findWorkspaceRoot(path.resolve(values.workspace));
      dataFolder = await workspaceDataFolder(appData, root);
      whose = `for the workspace in ${root}`;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      io.stderr(usageText('history', error.message));
      return 2;
    }
  }
  const file = historyFileIn(dataFolder);
  // Opening the store would create the file (and the folder): a look must not.
  if (!existsSync(file)) {
    const none = `No history yet ${whose}.`;
    if (id !== null) {
      io.stderr(`eventdesk history show: ${none} There is no submission ${id}.\n`);
      return 1;
    }
    // Scripts get an empty array to read; the sentence goes where people see it.
    if (values.json) io.stdout('[]\n');
    (values.json ? io.stderr : io.stdout)(`${none}\n`);
    return 0;
  }
  let store: SubmissionStore | null = null;
  try {
    // Only read: not the services' start, which marks sends no process finishes as interrupted.
    store = openHistory(file);
    const context = { io, values, known, store };
    return id === null ? list(context, request!.filter, request!.limit) : show(context, id);
  } catch (error) {
    // A damaged file can open fine and fail only when a query reaches the broken page.
    if (!(error instanceof AppError)) throw error;
    io.stderr(redactText(`eventdesk history: ${error.message}${error.detail ? `\n  ${error.detail}` : ''}\n`, known));
    return 1;
  } finally {
    store?.close();
  }
}
