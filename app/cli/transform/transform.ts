import { isTimeZone, parseDateTime } from '../../../base/common/datetime.ts';
import { resolveTimeZone } from '../../../features/environments/common/environment.ts';
import { eventMatches, parseFilter, type EventFilter } from '../../../features/transforms/common/filter.ts';
import { DEFAULT_PSEUDONYMIZED_FIELDS } from '../../../features/transforms/common/pseudonymize.ts';
import { assignmentProblem } from '../../../features/transforms/common/set-field.ts';
import {
  personalValues,
  pseudonymize,
  replacementsOf,
  setField,
  shiftTimes,
  typedFieldValue,
  type FieldValue,
  type TransformResult,
} from '../../../features/transforms/common/transforms.ts';
import { plural } from '../../../base/common/plural.ts';
import { createPseudonyms } from '../../node/index.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { dataFolderFrom } from '../shared/data-folder.ts';
import { UsageError, isUsageError, parseFlags, usageText } from '../shared/flags.ts';
import { ENV_USAGE } from '../shared/environment-choice.ts';
import { environmentFromFile } from '../shared/target.ts';
import { eventsFrom, readEventFiles } from '../shared/event-files.ts';
import { writeEvents } from '../shared/event-files.ts';

/**
 * `eventdesk transform`: the composer's batch transforms (features/transforms/common), for scripting a
 * reproduction: keep one customer's events, move them to now, pseudonymize, set a field.
 */

export function transformUsage(dataFolder: string): string {
  return `Usage: eventdesk transform <file>... [--customer ID]... [--device ID]... [--where EXPR]
         [--shift-to now|"YYYY-MM-DD HH:MM:SS"] [--anchor latest|earliest]
         [--pseudonymize] [--pseudonymize-field NAME]... [--set FIELD=VALUE]...
         [--csv-map auto|COLUMN=FIELD,...] [--env ENV [--env-name NAME]] [--data DIR] [--out FILE]

Reads a batch (JSON, NDJSON, CSV, HAR or cURL; - for standard input), or several files as one
batch, their events in the order the files are named; keeps the events asked for, transforms them in this order (shift, pseudonymize, set), and writes them as JSON, or as
NDJSON when --out ends .ndjson or .jsonl (standard output without --out, or with --out -).

Keep only
  --customer ID          Events of this customer_id (repeat for several)
  --device ID            Events of this device_id (repeat for several)
  --where EXPR           Events matching a filter, e.g. 'created_at >= 2026-11-20 and
                         attributes.plan = pro', in the Form view's filter language
                         (docs/guide/transforming.md)
                         Together these combine with "and".

Transform
  --shift-to WHEN        Move created_at so the latest (or earliest) event lands at WHEN: now,
                         or "YYYY-MM-DD HH:MM:SS" in the environment's time zone (UTC without
                         --env); the spacing between events is kept to the second
  --anchor WHICH         latest (default) or earliest
  --pseudonymize         Replace customer_id, device_id, emails, phone numbers and IP
                         addresses in attribute values, and the whole value of the fields
                         ${DEFAULT_PSEUDONYMIZED_FIELDS.join(', ')} (a top-level field or an attribute), as the app does; the
                         same way every run (the key is in the data folder and never leaves it)
  --pseudonymize-field NAME
                         Replace the whole value of NAME (name, attributes.name) instead of
                         the default ${DEFAULT_PSEUDONYMIZED_FIELDS.join(', ')}: repeat for several; '' for no named field
                         (only ids and emails, phones, IPs); implies --pseudonymize
  --set FIELD=VALUE      Set a field on every event: svc_id=42, device_id={{$uuid}} (a new UUID
                         each), attributes.plan=pro. A top-level VALUE that reads as JSON (a
                         number, true, null, "quoted") is that value; attributes stay text.
                         FIELD is token, created_at ("YYYY-MM-DD HH:MM:SS" or {{$now}}),
                         svc_id (a whole number or {{$seq}}; the --env's name for it),
                         device_id, customer_id or attributes.NAME (any name)

Files
  --csv-map MAP          How a CSV's columns become fields (of several files, those named
                         .csv or .tsv, and standard input): auto (the app's guess from the
                         headers; when it finds no column for one of the service's fields, the
                         command stops and shows its guess to correct) or
                         COLUMN=TARGET,... with TARGET one of token, created_at,
                         device_id, customer_id, svc_id, attributes.NAME, - (other columns: -)
${ENV_USAGE}
                         Its time zone and service-id field name are used
  --data DIR             The data folder holding the pseudonym key
                         (default: the app's, EVENTDESK_DATA_DIR or here ${dataFolder})
  --out FILE             Where to write (default: standard output)
  -h, --help             Show this help

Exit codes: 0 written, 1 no event matched (nothing written), 2 the input or the command is unusable.
`;
}

const FLAGS = {
  customer: { type: 'string', multiple: true },
  device: { type: 'string', multiple: true },
  where: { type: 'string' },
  'shift-to': { type: 'string' },
  anchor: { type: 'string' },
  pseudonymize: { type: 'boolean' },
  'pseudonymize-field': { type: 'string', multiple: true },
  set: { type: 'string', multiple: true },
  'csv-map': { type: 'string' },
  env: { type: 'string' },
  'env-name': { type: 'string' },
  data: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface Settings {
  timeZone: string;
  serviceIdField: string;
}

async function settingsOf(env: string | undefined, envName: string | undefined): Promise<Settings> {
  if (env === undefined) {
    if (envName !== undefined) throw new UsageError('--env-name picks an environment of an --env file; there is none.');
    return { timeZone: 'UTC', serviceIdField: 'svc_id' };
  }
  const settings = await environmentFromFile(env, envName);
  const timeZone = resolveTimeZone(settings.timeZone);
  if (!isTimeZone(timeZone))
    throw new UsageError(`--env: ${env} gives the time zone "${settings.timeZone}", which is not one. Use UTC, local or an IANA name.`);
  return { timeZone, serviceIdField: settings.serviceIdField };
}

/** --customer, --device and --where as one filter; null when none is given. */
function selectionOf(customers: readonly string[], devices: readonly string[], where: string | undefined, serviceIdField: string): EventFilter | null {
  const parts: EventFilter[] = [];
  if (customers.length > 0) parts.push({ kind: 'in', field: ['customer_id'], values: customers });
  if (devices.length > 0) parts.push({ kind: 'in', field: ['device_id'], values: devices });
  if (where !== undefined) {
    const parsed = parseFilter(where, { serviceIdField });
    if (!parsed.ok) throw new UsageError(`--where, column ${parsed.column}: ${parsed.message}.`);
    if (parsed.filter.kind !== 'all') parts.push(parsed.filter);
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : { kind: 'and', parts };
}

interface Assignment {
  path: string;
  value: FieldValue;
}

function assignmentOf(text: string, serviceIdField: string): Assignment {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new UsageError(`--set: "${text}" is not FIELD=VALUE, as in svc_id=42 or attributes.plan=pro.`);
  const path = text.slice(0, equals);
  const raw = text.slice(equals + 1);
  const value: FieldValue = raw === '{{$uuid}}' ? { generate: 'uuid' } : typedFieldValue(path, raw);
  const problem = assignmentProblem(path, value, serviceIdField);
  if (problem !== null) throw new UsageError(`--set ${text}: ${problem}`);
  return { path, value };
}

function applied(result: TransformResult, flag: string, io: CliIo): unknown[] {
  if (!result.ok) throw new UsageError(`${flag}: ${result.message}`);
  for (const note of result.notes ?? []) io.stderr(`eventdesk transform: ${flag}: ${note}\n`);
  return result.events;
}

/** From this many events on, each step of a transform is said as it starts. */
export const STEPS_SHOWN_FROM = 20_000;

export async function transformCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  try {
    const { values, positionals } = parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
    const dataFolder = dataFolderFrom(values.data);
    if (values.help) {
      io.stdout(transformUsage(dataFolder));
      return 0;
    }
    const anchor = values.anchor ?? 'latest';
    if (anchor !== 'latest' && anchor !== 'earliest') throw new UsageError(`--anchor: "${anchor}" is neither latest nor earliest.`);
    if (values.anchor !== undefined && values['shift-to'] === undefined)
      throw new UsageError('--anchor says which event --shift-to moves; there is no --shift-to.');
    const settings = await settingsOf(values.env, values['env-name']);
    const shiftTo = values['shift-to'];
    const target = shiftTo === undefined || shiftTo === 'now' ? null : parseDateTime(shiftTo, settings.timeZone);
    if (target && !target.ok) throw new UsageError(`--shift-to: "${shiftTo}" is neither now nor a date-time: ${target.error.message}`);
    const selection = selectionOf(values.customer ?? [], values.device ?? [], values.where, settings.serviceIdField);
    const assignments = (values.set ?? []).map((text) => assignmentOf(text, settings.serviceIdField));
    const { events: read, notes } = await readEventFiles(positionals, values['csv-map'], settings.serviceIdField);
    for (const note of notes) io.stderr(`eventdesk transform: ${note}\n`);
    let events: unknown[] = selection === null ? read : read.filter((event) => eventMatches(selection, event));
    if (events.length === 0) {
      io.stderr(`eventdesk transform: none of the ${eventsFrom(read.length, positionals)} matches; nothing written.\n`);
      return 1;
    }
    const done: string[] = [selection === null ? `${plural(events.length, 'event')} read` : `${events.length} of ${plural(read.length, 'event')} kept`];
    // A big file takes seconds per step: each says it is under way, so the command is not silent.
    const step = (doing: string) => {
      if (events.length >= STEPS_SHOWN_FROM) io.stderr(`eventdesk transform: ${doing} ${plural(events.length, 'event')}…\n`);
    };
    if (shiftTo !== undefined) {
      step('shifting the times of');
      events = applied(shiftTimes(events, { anchor, to: shiftTo, timeZone: settings.timeZone, now: new Date() }), '--shift-to', io);
      done.push(`times shifted (${anchor} at ${shiftTo} ${settings.timeZone})`);
    }
    const named = values['pseudonymize-field'];
    // Named fields replace the default list, as editing the app's field box does; '' names none.
    const fields = named === undefined ? DEFAULT_PSEUDONYMIZED_FIELDS : named.filter((field) => field !== '');
    if (values.pseudonymize || named !== undefined) {
      step('pseudonymizing');
      const listed = personalValues(events, { fields });
      if (!listed.ok) throw new UsageError(`--pseudonymize: ${listed.message}`);
      const replacements = replacementsOf(listed.values, createPseudonyms(dataFolder).replacements(listed.values));
      events = applied(pseudonymize(events, { fields, replacements }), '--pseudonymize', io);
      done.push(`${plural(listed.values.length, 'personal value')} replaced`);
    }
    for (const assignment of assignments) {
      step(`setting ${assignment.path} on`);
      events = applied(setField(events, { ...assignment, serviceIdField: settings.serviceIdField }), `--set ${assignment.path}`, io);
      done.push(`${assignment.path} set`);
    }
    step('writing');
    await writeEvents(values.out, events as Record<string, unknown>[], io.stdout);
    io.stderr(`eventdesk transform: ${done.join('; ')}.\n`);
    return 0;
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(usageText('transform', error));
    return 2;
  }
}
