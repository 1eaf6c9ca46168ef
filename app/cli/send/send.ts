import { existsSync } from 'node:fs';
import { planChunks } from '../../../features/history/common/chunking.ts';
import { formatDateTime } from '../../../base/common/datetime.ts';
import { LIMITS, checkSettings, resolveTimeZone, type Environment } from '../../../features/environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { quoteShellWord } from '../../../features/formats/common/shell-words.ts';
import { plural } from '../../../base/common/plural.ts';
import { redactText } from '../../../base/common/redaction/redact.ts';
import { type ChunkRecord, type SendProgress, type SubmissionSummary, type UnansweredChoice } from '../../../features/history/common/submission.ts';
import { rulesFor, UNSENDABLE_CODES, validateBatch, type Diagnostic } from '../../../features/validation/common/validation.ts';
import type { Remote } from '../../host/services-client.ts';
import { startNodeServicesThread, warmNodeServicesThread } from '../../host/node-services.ts';
import type { WarmThread } from '../../host/services-client.ts';
import { startSendingThread } from '../../host/sending-thread.ts';
import { historyFileIn, prepareBatch, type SendTuning, type Services } from '../../node/index.ts';
import { startingFrom } from '../../../features/sending/node/early-batches.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { dataFolderFrom } from '../shared/data-folder.ts';
import { UsageError, isUsageError, parseFlags, usageText, wholeNumber } from '../shared/flags.ts';
import { describePlan, describeSummary, progressPrinter, summaryOf, type SendPlan } from './send-report.ts';
import { commandLineEnvironmentId, type Target } from '../../../features/environments/node/target.ts';
import { TARGET_FLAGS, TARGET_USAGE, resolveTarget, secretsIn } from '../shared/target.ts';
import { UNANSWERED_FLAGS, UNANSWERED_USAGE, chooseUnanswered, unansweredFlag } from './unanswered.ts';
import { forPeople, readBatchFile, type BatchFile } from '../validate/validate.ts';
import { printedJson } from '../../../base/common/terminal-text.ts';

/**
 * `eventdesk send`: the app's send, for scripts. The same services do the work (validation,
 * templates, chunking, every answer handled, every outcome recorded in the app's SQLite file);
 * this only reads the flags, reports progress on stderr and a summary on stdout.
 */

export function sendUsage(dataFolder: string): string {
  return `Usage: eventdesk send <file|-> (--env ENV [--env-name NAME] | --base-url URL) [options]
       eventdesk send --resume <submission-id> [--env ENV [--env-name NAME] | --base-url URL] [options]

Validates a batch file (a JSON array of user events; - reads standard input) as the composer
does, resolves its templates, splits it into chunks and sends them to POST /user/events,
handling every answer as the app does. Each send is recorded in the app's history database
before the first byte goes out; --resume sends only the chunks never acknowledged, to the
address the submission went to unless --env or --base-url says otherwise (the credentials come
from the same variables as for any send).

${TARGET_USAGE}
Sending
  --chunk-size N         Events per request (default: the environment's)
  --max-chunk-bytes N    Bytes of request body per request (default: the environment's)
  --concurrency N        Chunks in flight at once, ${LIMITS.concurrency.min} to ${LIMITS.concurrency.max} (default: the environment's)
  --max-attempts N       Requests per chunk at most, retries included, ${LIMITS.maxAttempts.min} to ${LIMITS.maxAttempts.max}
                         (default: the environment's)
  --force                Send even though the batch has validation errors
  --dry-run              Validate, resolve templates and plan the chunks; send and record nothing
  --resume ID            Send the chunks of submission ID that were never acknowledged
${UNANSWERED_USAGE}
  --data DIR             The data folder holding submissions.sqlite
                         (default: the app's, EVENTDESK_DATA_DIR or here ${dataFolder})

Output
  --json                 Print the summary (or the plan) as JSON on standard output
  -h, --help             Show this help

Progress and warnings go to standard error, the summary to standard output. Sending the same
resolved batch to the same place again is done anyway, with a warning. Ctrl+C cancels: what was
acknowledged stays recorded, and the summary says how to resume.

Exit codes: 0 every chunk acknowledged, 1 validation errors, a chunk failed, the send was
cancelled or there is no such submission to resume, 2 the command was called wrong.
`;
}

const FLAGS = {
  ...TARGET_FLAGS,
  'chunk-size': { type: 'string' },
  'max-chunk-bytes': { type: 'string' },
  concurrency: { type: 'string' },
  'max-attempts': { type: 'string' },
  force: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  resume: { type: 'string' },
  ...UNANSWERED_FLAGS,
  data: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof readFlags>['values'];

function readFlags(args: string[]) {
  return parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
}

/** The flags that say where to send, as given, for the resume command: never a secret (those are variables). */
function targetArgs(values: Values): string[] {
  const pairs: [string, string | undefined][] = [
    ['--env', values.env],
    ['--env-name', values['env-name']],
    ['--base-url', values['base-url']],
    ['--time-zone', values['time-zone']],
    ['--data', values.data],
  ];
  return pairs.flatMap(([flag, value]) => (value === undefined ? [] : [flag, quoteShellWord(value)]));
}

/** Which flag overrides which setting of the environment. */
const OVERRIDES = [
  ['chunkSize', 'chunk-size'],
  ['maxChunkBytes', 'max-chunk-bytes'],
  ['concurrency', 'concurrency'],
  ['maxAttempts', 'max-attempts'],
] as const;

/** The environment with --chunk-size, --max-chunk-bytes, --concurrency and --max-attempts applied, checked as the environment editor checks them. */
function withOverrides(environment: Environment, values: Values): Environment {
  const problems: string[] = [];
  const read = (flag: string, text: string | undefined) => {
    try {
      return wholeNumber(flag, text);
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };
  const next = { ...environment };
  const flagOf: Record<string, string> = {};
  for (const [field, flag] of OVERRIDES) {
    const value = read(`--${flag}`, values[flag]);
    if (value === undefined) continue;
    next[field] = value;
    flagOf[field] = `--${flag}`;
  }
  for (const problem of checkSettings(next)) {
    const flag = flagOf[problem.field];
    if (flag) problems.push(`${flag}: ${problem.message}`);
  }
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return next;
}

/** The environment's requests at once and attempts per chunk, for the sender. */
function tuningOf(environment: Environment): SendTuning {
  return { concurrency: environment.concurrency, maxAttempts: environment.maxAttempts };
}

/** Flags that mean nothing with --resume: its batch and chunks are the recorded ones. */
function checkResumeFlags(values: Values, positionals: string[]): void {
  const unused = (['chunk-size', 'max-chunk-bytes', 'force', 'dry-run'] as const).filter((flag) => values[flag] !== undefined).map((flag) => `--${flag}`);
  if (positionals.length > 0) throw new UsageError(`--resume sends the recorded batch; drop the file ${positionals.join(' ')}.`);
  if (unused.length > 0) throw new UsageError(`--resume sends the recorded chunks as they are; drop ${unused.join(', ')}.`);
}

interface Context {
  io: CliIo;
  values: Values;
  dataFolder: string;
  known: () => string[];
}

/** A send as begun: the submission, an earlier one with the same batch, and the chunks that may have arrived before a resume. */
interface Begun {
  submission: SubmissionSummary;
  sentBefore: SubmissionSummary | null;
  uncertainBefore?: readonly ChunkRecord[];
}

/**
 * Starts the services on their own thread, as the app does (the app's root, holding `target` as
 * environment `environmentId`; a resume reuses the id its submission was recorded with), logs
 * in remembering the password in memory so that a 401 or an expiring token can log in again,
 * lets `begin` start the send, waits until it is recorded as ended, cancelling on SIGINT or
 * SIGTERM, and prints the summary.
 */
async function sendThrough(
  context: Context,
  target: Target,
  environmentId: string,
  begin: (services: Remote<Services>) => Promise<Begun>,
  warm?: WarmThread,
): Promise<number> {
  const { io, values, known } = context;
  const fail = (text: string) => io.stderr(redactText(text, known()));
  let printProgress: (progress: SendProgress) => void = () => undefined;
  const environment: Environment = { ...target.environment, id: environmentId, embeddedSandbox: false, storeSecretsWithoutKeyring: false };
  const thread = await startSendingThread(context.dataFolder, environment, {
    progress: (progress) => printProgress(progress),
    sessionMessage: (message) => fail(`  login: ${message}\n`),
    ...(warm ? { warm } : {}),
  });
  const { services } = thread;
  const { sending, submissions } = services;
  const secrets = () => [...known(), ...thread.tokens()];
  printProgress = progressPrinter(io, secrets);
  let cancelledBy: string | null = null;
  let submissionId: string | null = null;
  const stop = (signal: string) => {
    if (cancelledBy || !submissionId) return;
    cancelledBy = signal;
    io.stderr(`\n${signal}: cancelling. What was acknowledged stays recorded.\n`);
    void sending.cancel(submissionId);
  };
  try {
    try {
      await thread.logIn(target.secrets);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fail(`eventdesk send: ${error.message}\nNothing was sent.\n`);
      return 1;
    }
    let begun: Begun;
    try {
      begun = await begin(services);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fail(`eventdesk send: ${error.message}${error.detail ? ` ${error.detail}` : ''}\n`);
      return 1;
    }
    const { submission, sentBefore, uncertainBefore = [] } = begun;
    submissionId = submission.id;
    process.on('SIGINT', stop).on('SIGTERM', stop);
    // A resume with nothing left to send ended at once: no progress will say so.
    const end = submission.status === 'sending' ? await thread.ended(submission.id) : null;
    await sending.dispose();
    await thread.tokensRead();
    // The history could not be written (a full disk): said first, whatever it kept.
    if (end?.problem) fail(`eventdesk send: ${end.problem}\n`);
    const recorded = await submissions.view(submission.id);
    if (!recorded || (await submissions.eventsRecorded(submission.id)) < recorded.eventCount) {
      // Its batch could not all be recorded, so nothing was sent: there is nothing to resume.
      if (values.json) io.stdout(printedJson({ sent: false, problem: end?.problem ?? null }));
      return 1;
    }
    const resume = ['eventdesk', 'send', '--resume', submission.id, ...targetArgs(values)].join(' ');
    const summary = summaryOf(recorded, await submissions.file(), resume, sentBefore, secrets(), uncertainBefore);
    io.stdout(values.json ? printedJson(summary) : describeSummary(summary));
    return summary.status === 'ok' ? 0 : 1;
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
    await thread.close();
  }
}

/** Validates the batch; prints the diagnostics to stderr and says whether the send may go on. */
function checkBatch(io: CliIo, values: Values, file: string, batch: BatchFile, environment: Environment): boolean {
  const checked = validateBatch(batch.text, rulesFor({ ...environment, timeZone: resolveTimeZone(environment.timeZone) }));
  const { events } = checked;
  const diagnostics = batch.diagnostics(checked.diagnostics);
  const errors = diagnostics.filter((diagnostic: Diagnostic) => diagnostic.severity === 'error').length;
  if (diagnostics.length > 0) io.stderr(forPeople(file === '-' ? '<stdin>' : file, diagnostics, events?.length));
  if (errors === 0) return true;
  const unsendable = diagnostics.find((diagnostic) => UNSENDABLE_CODES.has(diagnostic.code));
  if (unsendable) {
    // Not JSON, nested too deep, not an array, or empty: there is no batch to send, with --force or without.
    io.stderr(
      unsendable.code === 'json-too-deep'
        ? 'Nothing was sent: the batch nests too deep to send, even with --force.\n'
        : 'Nothing was sent: the file holds no batch to send.\n',
    );
    if (values.json) io.stdout(printedJson({ sent: false, errors, diagnostics }));
    return false;
  }
  if (values.force) {
    io.stderr(`Sending anyway, as --force says, despite ${plural(errors, 'error')}.\n`);
    return true;
  }
  io.stderr(`Nothing was sent: fix the ${plural(errors, 'error')}, or send anyway with --force.\n`);
  if (values.json) io.stdout(printedJson({ sent: false, errors, diagnostics }));
  return false;
}

function dryRun(io: CliIo, values: Values, environment: Environment, text: string): number {
  const { eventTexts } = prepareBatch(environment, text);
  const chunks = planChunks(eventTexts, { chunkSize: environment.chunkSize, maxChunkBytes: environment.maxChunkBytes });
  const plan: SendPlan = {
    dryRun: true,
    environment: environment.name,
    baseUrl: environment.baseUrl,
    events: eventTexts.length,
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    chunkSize: environment.chunkSize,
    maxChunkBytes: environment.maxChunkBytes,
    chunks,
  };
  io.stdout(values.json ? printedJson(plan) : describePlan(plan));
  return 0;
}

/** What the history records of a submission to resume: where it went, under which environment id, and whether it was cut short. */
interface Recorded {
  baseUrl: string;
  environmentId: string;
  cutShort: boolean;
}

/**
 * Reads the submission to resume through the services, so that a send cut short (no process
 * holds it any more) is marked interrupted here as the app marks it at start. Throws
 * `submission-not-found` when it is not recorded: exit 1, as "history show" exits.
 */
async function recordedSubmission(dataFolder: string, submissionId: string): Promise<Recorded> {
  // Opening the history would create it (and the folder): a resume of nothing must not.
  if (!existsSync(historyFileIn(dataFolder)))
    throw new AppError('submission-not-found', `--resume: there is no history in ${dataFolder}, so no submission ${submissionId} to resume.`);
  const thread = await startNodeServicesThread(dataFolder, { environments: [] }, () => undefined);
  try {
    const { submissions, interruptedAtStart } = thread.services;
    const found = await submissions.view(submissionId);
    if (!found) throw new AppError('submission-not-found', `--resume: no submission ${submissionId} is recorded in ${await submissions.file()}.`);
    return { baseUrl: found.baseUrl, environmentId: found.environmentId, cutShort: (await interruptedAtStart()).includes(submissionId) };
  } finally {
    await thread.close();
  }
}

/** The key the batch is read ahead under, in the services' thread (features/sending/node/early-batches.ts). */
const READ_AHEAD = 'batch';

async function sendFile(context: Context, file: string, target: Target, tuning: SendTuning): Promise<number> {
  // The services' thread loads its code while the batch is read and checked; it opens nothing
  // (no history) unless the send goes ahead. A dry run starts no services.
  const warm = context.values['dry-run'] ? undefined : warmNodeServicesThread();
  try {
    return await checkAndSend(context, file, target, tuning, warm);
  } finally {
    await warm?.discard();
  }
}

async function checkAndSend(context: Context, file: string, target: Target, tuning: SendTuning, warm: WarmThread | undefined): Promise<number> {
  const { io, values, known } = context;
  const batch = await readBatchFile(file);
  const { text, note } = batch;
  if (note) io.stderr(note);
  const { environment } = target;
  const environmentId = commandLineEnvironmentId(target);
  // The services' thread reads the batch for sending while this one validates it.
  const readAhead = warm?.prepareBatch(READ_AHEAD, { id: environmentId, variables: environment.variables, timeZone: environment.timeZone }, text) ?? false;
  if (!checkBatch(io, values, file, batch, environment)) return 1;
  if (values['dry-run']) {
    try {
      return dryRun(io, values, environment, text);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      io.stderr(redactText(`eventdesk send: ${error.message}\n`, known()));
      return 1;
    }
  }
  if (environment.production) io.stderr(`Note: "${environment.name}" is marked production. Sending without asking: a script has no one to ask.\n`);
  return sendThrough(
    context,
    target,
    environmentId,
    async ({ sending }) => {
      // What was read ahead is there if the services run in the thread it was handed to.
      const start = startingFrom<SendTuning, Awaited<ReturnType<typeof sending.start>>>(
        (...args) => sending.start(...args),
        readAhead && warm?.taken() ? READ_AHEAD : null,
        text,
      );
      const first = await start(environmentId, false, tuning);
      if ('started' in first) return { submission: first.started, sentBefore: null };
      const earlier = first.duplicateOf;
      const when = formatDateTime(new Date(earlier.startedAt), resolveTimeZone('local'));
      io.stderr(
        `Warning: the same resolved batch went to ${earlier.baseUrl} on ${when} local time (submission ${earlier.id}, ${earlier.status}). Sending it again anyway: a script has no one to ask.\n`,
      );
      const again = await start(environmentId, true, tuning);
      if (!('started' in again)) throw new Error('A send with again=true did not start.');
      return { submission: again.started, sentBefore: earlier };
    },
    warm,
  );
}

async function resumeSubmission(
  context: Context,
  submissionId: string,
  recorded: Recorded,
  target: Target,
  tuning: SendTuning,
  flag: UnansweredChoice | undefined,
): Promise<number> {
  const { io } = context;
  if (recorded.baseUrl !== target.environment.baseUrl) {
    throw new UsageError(
      `--resume: submission ${submissionId} went to ${recorded.baseUrl}, not ${target.environment.baseUrl}. Resume it against the same address.`,
    );
  }
  if (recorded.cutShort) io.stderr(`Submission ${submissionId} was cut short (no process is sending it any more); it is now marked interrupted.\n`);
  return sendThrough(context, target, recorded.environmentId, async ({ sending }) => {
    const { submission: detail, remaining, uncertain } = await sending.planResume(submissionId);
    if (remaining.length === 0) {
      io.stderr('Every chunk was already acknowledged; nothing to send.\n');
      // Recorded as ok, if it was not yet (the process ended before saying so).
      return { submission: detail.status === 'ok' ? detail : await sending.resume(submissionId, tuning), sentBefore: null };
    }
    io.stderr(`Resuming submission ${submissionId}: ${plural(remaining.length, 'chunk')} of ${detail.chunks.length} never acknowledged.\n`);
    const choice = uncertain.length > 0 ? await chooseUnanswered(io, uncertain, flag) : undefined;
    return { submission: await sending.resume(submissionId, tuning, choice), sentBefore: null, uncertainBefore: uncertain };
  });
}

export async function sendCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  const known = () => secretsIn(process.env);
  const usage = (mistake: UsageError) => {
    io.stderr(redactText(usageText('send', mistake), known()));
    return 2;
  };
  try {
    const { values, positionals } = readFlags(args);
    const dataFolder = dataFolderFrom(values.data);
    if (values.help) {
      io.stdout(sendUsage(dataFolder));
      return 0;
    }
    if (values.resume === undefined && positionals.length !== 1) {
      throw new UsageError(
        positionals.length === 0
          ? 'Name the batch file to send (or - for standard input), or --resume a submission.'
          : `Send one file at a time; got ${positionals.length}.`,
      );
    }
    if (values.resume !== undefined) checkResumeFlags(values, positionals);
    const unanswered = unansweredFlag(values, values.resume !== undefined);
    const recorded = values.resume === undefined ? null : await recordedSubmission(dataFolder, values.resume);
    // A resume goes where the submission went, unless told otherwise.
    const where = recorded && values.env === undefined && values['base-url'] === undefined ? { 'base-url': recorded.baseUrl } : {};
    // A dry run logs in nowhere, so it needs no credentials.
    const resolved = await resolveTarget({ ...values, ...where }, process.env, { credentials: values['dry-run'] !== true });
    const target = { ...resolved, environment: withOverrides(resolved.environment, values) };
    const tuning = tuningOf(target.environment);
    const context = { io, values, dataFolder, known };
    return recorded === null
      ? await sendFile(context, positionals[0]!, target, tuning)
      : await resumeSubmission(context, values.resume!, recorded, target, tuning, unanswered);
  } catch (error) {
    if (isUsageError(error)) return usage(error);
    // The history can fail mid-command (a damaged page met by a query): said, not traced.
    if (!(error instanceof AppError)) throw error;
    io.stderr(redactText(`eventdesk send: ${error.message}${error.detail ? ` (${error.detail})` : ''}\n`, known()));
    return 1;
  }
}
