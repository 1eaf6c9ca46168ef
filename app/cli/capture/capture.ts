import { existsSync } from 'node:fs';
import { CAPTURED_VERDICTS, type CapturedRequestSummary, type CapturedVerdict } from '../../../features/capture/common/capture.ts';
import { resolveTimeZone } from '../../../features/environments/common/environment.ts';
import { parseFilter, type EventFilter } from '../../../features/transforms/common/filter.ts';
import { plural } from '../../../base/common/plural.ts';
import { CAPTURE_EXPORT_FORMATS, exportCapture, matchingEvents, type CaptureExportFormat } from '../../../features/capture/node/capture-export.ts';
import { CAPTURE_FILE_NAME, captureFileIn, captureReadError, openCapture, type CaptureStore } from '../../../features/capture/node/capture-store.ts';
import { product } from '../../../base/node/product.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { requestsTable, requestText, statusFooter } from './capture-print.ts';
import { dataFolderFrom } from '../shared/data-folder.ts';
import { UsageError, isUsageError, parseFlags, usageText, wholeNumber } from '../shared/flags.ts';
import { writeOut } from '../shared/event-files.ts';

/**
 * `eventdesk capture list|show|export|clear`: what `eventdesk sandbox --capture` and the app's
 * sandbox kept in capture.sqlite, read with the same store.
 */

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100_000;

export function captureUsage(dataFolder: string): string {
  return `Usage: eventdesk capture list [--where EXPR] [--verdict accepted|refused|undelivered] [--limit N] [--data DIR]
       eventdesk capture show <id> [--data DIR]
       eventdesk capture export [--where EXPR] [--verdict accepted|refused|undelivered]
                                [--format json|ndjson|har] [--out FILE] [--data DIR]
       eventdesk capture clear [--data DIR]

Reads what the sandbox captured (eventdesk sandbox --capture, and the app's own sandbox): each
request it received, masked, with its events and their verdicts.

  list                   The requests, newest first: time, status, path, events, and why a
                         refused one was refused; with --where or --verdict, those holding
                         such an event
  show <id>              One request: its headers and body, its answer, where it was forwarded
                         and what the upstream answered, and each event with its verdict
                         (accepted, or refused with its problems and plan violations)
  export                 Every captured event, as a batch "eventdesk send" takes (json, the
                         default, or ndjson), or the requests as HAR 1.2 (har)
  clear                  Empties the capture and says how much went

  --limit N              list: at most N requests, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})
  --where EXPR           list, export: only the events matching a filter in the Form view's
                         language, e.g. 'customer_id = cust-7781 and attributes.plan exists'; for
                         list and har, the requests holding such an event
  --verdict V            list, export: only the events the sandbox (or, forwarding, the upstream)
                         accepted, only those refused, or only those a forwarding sandbox
                         could not deliver (undelivered: the upstream down, slow or garbled;
                         "not delivered" in the app), e.g. to send them again
  --format F             export: ${CAPTURE_EXPORT_FORMATS.join(', ')} (default json)
  --out FILE             export: where to write (default: standard output)
  --data DIR             The data folder holding ${CAPTURE_FILE_NAME}
                         (default: the app's, EVENTDESK_DATA_DIR or here ${dataFolder})
  -h, --help             Show this help

A read (list, show, export) changes nothing in the capture file; one it cannot read is said
in one line. clear, like the sandbox, sets a damaged file aside and starts a fresh one.

Exit codes: 0 done, 1 no such request, no event matched (nothing written) or the capture file
cannot be read, 2 the command was called wrong or --out cannot be written.
`;
}

const FLAGS = {
  limit: { type: 'string' },
  where: { type: 'string' },
  verdict: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ACTIONS = ['list', 'show', 'export', 'clear'] as const;
type Action = (typeof ACTIONS)[number];

/** Which flags each action takes: another is a mistake said as one, not ignored. */
const ACTION_FLAGS: Record<Action, readonly string[]> = {
  list: ['where', 'verdict', 'limit', 'data'],
  show: ['data'],
  export: ['where', 'verdict', 'format', 'out', 'data'],
  clear: ['data'],
};

function actionOf(positionals: readonly string[]): Action {
  const [first] = positionals;
  if (first === undefined) throw new UsageError(`say what to do: ${ACTIONS.join(', ')}.`);
  if (!(ACTIONS as readonly string[]).includes(first)) throw new UsageError(`unknown action "${first}": it is one of ${ACTIONS.join(', ')}.`);
  return first as Action;
}

function formatOf(text: string | undefined): CaptureExportFormat {
  if (text === undefined) return 'json';
  if (!(CAPTURE_EXPORT_FORMATS as readonly string[]).includes(text))
    throw new UsageError(`--format: "${text}" is not one of ${CAPTURE_EXPORT_FORMATS.join(', ')}.`);
  return text as CaptureExportFormat;
}

function filterOf(where: string | undefined, serviceIdField: string): EventFilter | null {
  if (where === undefined) return null;
  const parsed = parseFilter(where, { serviceIdField });
  if (!parsed.ok) throw new UsageError(`--where, column ${parsed.column}: ${parsed.message}.`);
  return parsed.filter.kind === 'all' ? null : parsed.filter;
}

function requestIdOf(text: string | undefined): number {
  if (text === undefined) throw new UsageError('show needs the id of a request, as "capture list" prints it.');
  return wholeNumber('show', text)!;
}

function limitOf(text: string | undefined): number {
  const limit = wholeNumber('--limit', text) ?? DEFAULT_LIMIT;
  if (limit < 1 || limit > MAX_LIMIT) throw new UsageError(`--limit: ${limit} is not from 1 to ${MAX_LIMIT}.`);
  return limit;
}

/** An action with its flags read and checked, before any file is opened. */
type Call =
  | { action: 'list'; limit: number; where?: string; verdict: CapturedVerdict | null }
  | { action: 'show'; id: number }
  | { action: 'export'; format: CaptureExportFormat; where?: string; verdict: CapturedVerdict | null; out?: string }
  | { action: 'clear' };

function callOf(
  action: Action,
  positionals: readonly string[],
  values: { limit?: string; where?: string; verdict?: string; format?: string; out?: string },
): Call {
  switch (action) {
    case 'list':
      return { action, limit: limitOf(values.limit), where: values.where, verdict: verdictOf(values.verdict) };
    case 'show':
      return { action, id: requestIdOf(positionals[1]) };
    case 'export':
      return { action, format: formatOf(values.format), where: values.where, verdict: verdictOf(values.verdict), out: values.out };
    case 'clear':
      return { action };
  }
}

function verdictOf(verdict: string | undefined): CapturedVerdict | null {
  if (verdict === undefined) return null;
  const known = CAPTURED_VERDICTS.find((name) => name === verdict);
  if (known !== undefined) return known;
  throw new UsageError(`--verdict is accepted, refused or undelivered, not "${verdict}".`);
}

function exportRun(
  store: CaptureStore,
  { format, where, verdict, out }: { format: CaptureExportFormat; where?: string; verdict: CapturedVerdict | null; out?: string },
  io: CliIo,
): Promise<number> | number {
  const filter = filterOf(where, store.serviceIdField());
  const exported = exportCapture(store, format, { filter, verdict }, product.version);
  const what = format === 'har' ? 'request' : 'event';
  if (exported.count === 0) {
    io.stderr(
      `eventdesk capture: ${exported.of === 0 ? `nothing is captured in ${store.file}` : `none of the ${plural(exported.of, what)} captured matches`}; nothing written.\n`,
    );
    return 1;
  }
  return writeOut(out, exported.text, io.stdout).then(() => {
    io.stderr(
      `eventdesk capture: ${filter === null && verdict === null ? plural(exported.count, what) : `${exported.count} of ${plural(exported.of, what)}`} written as ${format}.\n`,
    );
    return 0;
  });
}

/** The newest requests, or with a filter or verdict the newest of those holding a matching event, and how many do (null: no filter). */
function listedRequests(
  store: CaptureStore,
  { limit, where, verdict }: { limit: number; where?: string; verdict: CapturedVerdict | null },
): { rows: CapturedRequestSummary[]; matching: number | null } {
  if (where === undefined && verdict === null) return { rows: store.requests(limit), matching: null };
  const { requestIds } = matchingEvents(store, { filter: filterOf(where, store.serviceIdField()), verdict });
  const newest = [...requestIds].sort((a, b) => b - a).slice(0, limit);
  return { rows: newest.map((id) => store.request(id)).filter((request) => request !== null), matching: requestIds.size };
}

async function runCall(call: Call, store: CaptureStore, io: CliIo): Promise<number> {
  const timeZone = resolveTimeZone('local');
  switch (call.action) {
    case 'list': {
      const { rows, matching } = listedRequests(store, call);
      io.stdout((rows.length > 0 ? requestsTable(rows, timeZone) : '') + statusFooter(store.status(), rows.length, matching));
      return 0;
    }
    case 'show': {
      const request = store.request(call.id);
      if (request === null) {
        io.stderr(`eventdesk capture: no captured request has the id ${call.id} in ${store.file}; "eventdesk capture list" shows the ids.\n`);
        return 1;
      }
      io.stdout(requestText(request, store.eventsOf(call.id), timeZone));
      return 0;
    }
    case 'export':
      return exportRun(store, call, io);
    case 'clear': {
      const cleared = store.clear();
      io.stdout(`Cleared ${plural(cleared.requests, 'request')} (${plural(cleared.events, 'event')}) from ${store.file}.\n`);
      return 0;
    }
  }
}

/**
 * Only clear writes: it sets a damaged file aside, saying so, as the sandbox would. A read
 * changes nothing: a file it cannot read (on opening, or a damaged page met later) is said in
 * one line, exit 1.
 */
async function openAndRun(file: string, call: Call, io: CliIo): Promise<number> {
  try {
    const store = openCapture(file, { readOnly: call.action !== 'clear', log: (message) => io.stderr(`eventdesk capture: ${message}\n`) });
    try {
      if (!store.status().capturing) return 1;
      return await runCall(call, store, io);
    } finally {
      store.close();
    }
  } catch (error) {
    const unreadable = captureReadError(file, error);
    if (unreadable === null) throw error;
    io.stderr(`eventdesk capture: ${unreadable.message} (${unreadable.detail ?? ''})\n`);
    return 1;
  }
}

export async function captureCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  try {
    const { values, positionals } = parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
    const dataFolder = dataFolderFrom(values.data);
    if (values.help) {
      io.stdout(captureUsage(dataFolder));
      return 0;
    }
    const action = actionOf(positionals);
    const extra = positionals.slice(action === 'show' ? 2 : 1);
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}".`);
    const misplaced = Object.keys(values).find((flag) => !ACTION_FLAGS[action].includes(flag));
    if (misplaced !== undefined) throw new UsageError(`--${misplaced} is not a flag of "capture ${action}".`);
    const call = callOf(action, positionals, values);
    const file = captureFileIn(dataFolder);
    // Reading opens no new file: a data folder without a capture has nothing to show.
    if (action !== 'clear' && !existsSync(file)) {
      io.stderr(
        `eventdesk capture: nothing is captured in ${dataFolder} yet: run "eventdesk sandbox --capture${values.data === undefined ? '' : ` --data ${values.data}`}" and send it events.\n`,
      );
      return action === 'list' ? 0 : 1;
    }
    return await openAndRun(file, call, io);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(usageText('capture', error));
    return 2;
  }
}
