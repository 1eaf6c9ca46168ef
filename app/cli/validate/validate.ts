import { isTimeZone } from '../../../base/common/datetime.ts';
import { eventPlace } from '../../../base/common/event-place.ts';
import { DEFAULT_SETTINGS, resolveTimeZone } from '../../../features/environments/common/environment.ts';
import { readBatchText, type TextPosition } from '../../../features/formats/common/batch-file.ts';
import { rulesFor, validateBatch, type Diagnostic } from '../../../features/validation/common/validation.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { readUtf8 } from '../shared/read-utf8.ts';
import { UsageError, isUsageError, parseFlags, usageText } from '../shared/flags.ts';
import { ENV_USAGE } from '../shared/environment-choice.ts';
import { environmentFromFile } from '../shared/target.ts';
import { validateWithPlan } from '../plan/validate-plan.ts';
import { plural } from '../../../base/common/plural.ts';
import { printedJson } from '../../../base/common/terminal-text.ts';

/** `eventdesk validate`: the composer's validation of a batch file, for scripts and CI. */

export const VALIDATE_USAGE = `Usage: eventdesk validate <file> [--env ENV [--env-name NAME]] [--plan PLAN] [--json]

Checks a batch file (a JSON array of user events) as the composer does and prints every
problem with its line and column. A file of - reads standard input. NDJSON (one event a line)
is checked as the array of its lines, each problem at its place in the file; the sandbox's
traffic saved as JSON (/_sandbox/requests) as the array of the events it carried.

${ENV_USAGE}
                         Its service-id field name and time zone are used
                         (default: ${DEFAULT_SETTINGS.serviceIdField}, ${DEFAULT_SETTINGS.timeZone})
  --plan PLAN            A tracking plan (*.plan.json): its violations are listed with the
                         other problems, each kind's severity as the plan sets it
  --json                 Print the diagnostics as a JSON array
  -h, --help             Show this help

Exit codes: 0 no errors (warnings allowed), 1 errors, 2 the file or the command is unusable.
`;

const FLAGS = {
  env: { type: 'string' },
  'env-name': { type: 'string' },
  plan: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface BatchFile {
  /** The JSON array to check and send. */
  text: string;
  /** What was done to make the file one, for standard error. */
  note: string | null;
  /** The diagnostics of `text`, at their places in the file. */
  diagnostics: (found: Diagnostic[]) => Diagnostic[];
}

/**
 * A batch file's text (standard input for -), or a UsageError when it is unreadable, not UTF-8,
 * or holds no batch. NDJSON and the sandbox's saved traffic are read as the JSON array of their
 * events, as `eventdesk transform` and the app's Import read them (features/formats/common/batch-file.ts),
 * with a note saying so and `inFile` to put an NDJSON problem back on its line. `send` reads its
 * file the same way.
 */
export async function readBatchFile(file: string): Promise<BatchFile> {
  const name = file === '-' ? '<stdin>' : file;
  const batch = readBatchText(file === '-' ? '' : file, await readUtf8(file));
  if (!batch.ok) throw new UsageError(`${name}: ${batch.message}`);
  const { inFile } = batch;
  return {
    text: batch.text,
    note: batch.note === null ? null : `${name} ${batch.note}\n`,
    diagnostics: (found) => (inFile === null ? found : found.map((diagnostic) => inFileDiagnostic(diagnostic, inFile))),
  };
}

/** A diagnostic of the array an NDJSON file was read as, at its place in the file; its fix, edits to that array, goes. */
function inFileDiagnostic({ fix: _fix, ...diagnostic }: Diagnostic, inFile: (position: TextPosition) => TextPosition): Diagnostic {
  const start = inFile({ line: diagnostic.line, column: diagnostic.column });
  const end = inFile({ line: diagnostic.endLine, column: diagnostic.endColumn });
  return { ...diagnostic, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

async function rulesOf(env: string | undefined, envName: string | undefined) {
  if (env === undefined) {
    if (envName !== undefined) throw new UsageError('--env-name picks an environment of an --env file; there is none.');
    return rulesFor(DEFAULT_SETTINGS);
  }
  const settings = await environmentFromFile(env, envName);
  const timeZone = resolveTimeZone(settings.timeZone);
  if (!isTimeZone(timeZone))
    throw new UsageError(`--env: ${env} gives the time zone "${settings.timeZone}", which is not one. Use UTC, local or an IANA name.`);
  return rulesFor({ ...settings, timeZone });
}

/**
 * The diagnostics as `file:line:column  severity  code  event N (pointer): message` lines (the
 * event numbered from 1, as the app does) and a summary line; `send` prints them the same way.
 */
export function forPeople(name: string, diagnostics: readonly Diagnostic[], eventCount: number | undefined): string {
  const lines = diagnostics.map(
    (diagnostic) =>
      `${name}:${diagnostic.line}:${diagnostic.column}  ${diagnostic.severity.padEnd(7)}  ${diagnostic.code}  ${diagnostic.path ? `${eventPlace(diagnostic.path)}: ` : ''}${diagnostic.message}`,
  );
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const events = eventCount === undefined ? '' : ` in ${plural(eventCount, 'event')}`;
  const summary =
    diagnostics.length === 0
      ? `${name}: no problems${events}.`
      : `${name}: ${plural(errors, 'error')}, ${plural(diagnostics.length - errors, 'warning')}${events}.`;
  return [...lines, summary, ''].join('\n');
}

export async function validateCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  let diagnostics: Diagnostic[];
  let eventCount: number | undefined;
  let file: string;
  let json: boolean;
  try {
    const { values, positionals } = parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
    if (values.help) {
      io.stdout(VALIDATE_USAGE);
      return 0;
    }
    if (positionals.length !== 1)
      throw new UsageError(
        positionals.length === 0 ? 'Name the batch file to check (or - for standard input).' : `Check one file at a time; got ${positionals.length}.`,
      );
    file = positionals[0]!;
    json = values.json ?? false;
    const rules = await rulesOf(values.env, values['env-name']);
    const batch = await readBatchFile(file);
    if (batch.note) io.stderr(batch.note);
    const result =
      values.plan === undefined ? validateBatch(batch.text, rules) : validateWithPlan(batch.text, rules, values.plan, await readUtf8(values.plan), io);
    diagnostics = batch.diagnostics(result.diagnostics);
    eventCount = result.events?.length;
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(usageText('validate', error));
    return 2;
  }
  io.stdout(json ? printedJson(diagnostics) : forPeople(file === '-' ? '<stdin>' : file, diagnostics, eventCount));
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 1 : 0;
}
