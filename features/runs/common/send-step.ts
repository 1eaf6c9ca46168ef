import type { EnvironmentSettings } from '../../environments/common/environment.ts';
import { resolveTimeZone } from '../../environments/common/environment.ts';
import type { SandboxFaults } from '../../sandbox/common/sandbox.ts';
import { expectationsOf, outcomeFailures, stepVerdictOf, validationFailure, type Expectations, type SentOutcome } from './expectations.ts';
import { receivedDifference, receivedEvents } from './received.ts';
import { masked, type RunDeps, type SandboxTools } from './run-deps.ts';
import type { StepResult } from './run-result.ts';
import type { SendStep } from '../../workspace/common/scenario.ts';
import { batchEvents, dataRows, resolveStepEvents, type DataRows } from './step-data.ts';

/**
 * One send step of a scenario: its batch and data file read, then once per data row (or once)
 * its events resolved, validated, sent with the step's sandbox faults in force (restored after,
 * whatever happens), and the outcome checked against what the step expects.
 */

export interface SendStepContext {
  deps: RunDeps;
  /** The environment the step sends to, by name (null: the workspace's default). */
  environmentName: string | null;
  /** The data file the run reads instead of the step's own (`eventdesk run --data FILE`), for a step that reads one; null: the step's. */
  dataFile: string | null;
  /** The label History records the send under, before the row's number. */
  label: string;
  signal: AbortSignal;
  /** Called as each run of the step begins, with its row. */
  started(row: number | null): void;
  /** Called with each run's result. */
  ended(result: StepResult): void;
  /** Why the rest of the run stops (--bail, Stop), read after each row: the rows left are reported skipped with it. */
  stopReason(): string | null;
}

interface Planned {
  environment: EnvironmentSettings;
  events: unknown[];
  /** The data file's rows, read one at a time as the step runs them; null without a data file. */
  rows: { file: string; read: DataRows } | null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A workspace file's text, or why it cannot be read. */
async function readText(deps: RunDeps, file: string): Promise<{ text: string } | { problem: string }> {
  try {
    return { text: await deps.readFile(file) };
  } catch (error) {
    return { problem: message(error) };
  }
}

async function plan(step: SendStep, context: SendStepContext): Promise<Planned | string> {
  const { deps } = context;
  let environment: EnvironmentSettings;
  try {
    environment = await deps.environment(context.environmentName);
  } catch (error) {
    return message(error);
  }
  let events: unknown[];
  if (typeof step.send === 'string') {
    const file = await readText(deps, step.send);
    if ('problem' in file) return file.problem;
    const read = batchEvents(step.send, file.text);
    if (!read.ok) return read.problem;
    events = read.value;
  } else events = step.send;
  if (step.data === undefined) return { environment, events, rows: null };
  const dataFile = context.dataFile ?? step.data;
  const file = await readText(deps, dataFile);
  if ('problem' in file) return file.problem;
  const rows = dataRows(dataFile, file.text);
  if (!rows.ok) return rows.problem;
  return { environment, events, rows: { file: dataFile, read: rows.value } };
}

/** The faults in force before the step, to restore after it; throws when the address is no sandbox. */
async function faultsBefore(tools: SandboxTools, environment: EnvironmentSettings): Promise<SandboxFaults> {
  const before = await tools.faults();
  if (before === null) throw new Error(`${environment.baseUrl} is not a sandbox (it answers no /_sandbox/faults): faults and "received" need one.`);
  return before;
}

/** Sets the step's faults; `expireToken` ends the tokens the sandbox issued. */
async function applyFaults(tools: SandboxTools, faults: NonNullable<SendStep['faults']>): Promise<void> {
  const { expireToken, ...patch } = faults;
  if (Object.keys(patch).length > 0) await tools.setFaults(patch);
  if (expireToken) await tools.expireTokens();
}

/** The newest request id the sandbox keeps: requests after it are this step's. */
async function lastRequestId(tools: SandboxTools): Promise<number> {
  return (await tools.requests({ limit: 1 })).reduce((newest, record) => Math.max(newest, record.id), 0);
}

async function receivedFailure(tools: SandboxTools, after: number, sent: readonly unknown[]): Promise<string | null> {
  // Filtered here too: a sandbox of an older EventDesk lists every request whatever the query.
  const records = (await tools.requests({ after })).filter((record) => record.id > after);
  const received = receivedEvents(records);
  if (!received.ok) return `received: ${received.problem}`;
  const difference = receivedDifference(sent, received.value);
  return difference && `received: ${difference}`;
}

interface RunOutcome {
  reasons: string[];
  sent: SentOutcome | null;
}

/** One run of the step (one data row, or the only one): what went wrong, and what was sent; the verdict is kept in History beside the send. */
async function runOnce(
  step: SendStep,
  expectations: Expectations,
  environment: EnvironmentSettings,
  events: unknown[],
  label: string,
  context: SendStepContext,
): Promise<RunOutcome> {
  const { deps } = context;
  const counts = await deps.sender.validate(environment, events);
  const invalid = validationFailure(expectations, counts);
  if (invalid) return { reasons: [invalid], sent: null };
  const tools = step.faults !== undefined || expectations.received ? deps.sandbox(environment) : null;
  const before = tools && (await faultsBefore(tools, environment));
  let sent: SentOutcome;
  let after = 0;
  try {
    if (tools && step.faults) await applyFaults(tools, step.faults);
    if (tools && expectations.received) after = await lastRequestId(tools);
    sent = await deps.sender.send({ environment, events, label, signal: context.signal });
  } finally {
    // Restored whatever happened: the next step, and whoever uses the sandbox next, get the faults as they were.
    if (tools && before && step.faults) await tools.setFaults(before);
  }
  const reasons = outcomeFailures(expectations, sent);
  if (tools && expectations.received) {
    const difference = await receivedFailure(tools, after, events);
    if (difference) reasons.push(difference);
  }
  try {
    await deps.sender.judged({
      environment,
      submissionId: sent.submissionId,
      verdict: stepVerdictOf(
        expectations,
        sent,
        reasons.map((reason) => masked(deps, reason)),
      ),
    });
  } catch (error) {
    reasons.push(`History: the step's verdict could not be kept beside its send: ${message(error)}`);
  }
  return { reasons, sent };
}

/** Runs the step once per row (or once); each run's result goes to `context.ended`. */
export async function runSendStep(step: SendStep, index: number, name: string, context: SendStepContext): Promise<void> {
  const { deps } = context;
  const now = () => deps.now?.() ?? new Date();
  const result = (row: number | null, started: number, fields: Partial<StepResult>): StepResult => ({
    index,
    name,
    row,
    status: 'passed',
    reason: null,
    submissionId: null,
    environment: null,
    eventsSent: 0,
    eventsAccepted: 0,
    durationMs: Math.round(performance.now() - started),
    ...fields,
  });
  const planStarted = performance.now();
  const planned = await plan(step, context);
  if (typeof planned === 'string') {
    context.started(null);
    context.ended(result(null, planStarted, { status: 'failed', reason: planned, environment: context.environmentName }));
    return;
  }
  const { environment, events, rows } = planned;
  const expectations = expectationsOf(step.expect);
  const runs = rows?.read.each() ?? [null];
  let at = 0;
  for (const columns of runs) {
    const number = columns ? at + 1 : null;
    const started = performance.now();
    context.started(number);
    const resolved = resolveStepEvents({
      events,
      environment,
      row: rows && columns && { file: rows.file, number: at + 1, columns },
      timeZone: resolveTimeZone(environment.timeZone),
      now: now(),
    });
    let outcome: RunOutcome;
    if (!resolved.ok) outcome = { reasons: [resolved.problem], sent: null };
    else {
      try {
        outcome = await runOnce(step, expectations, environment, resolved.value, number === null ? context.label : `${context.label} · row ${number}`, context);
      } catch (error) {
        outcome = { reasons: [message(error)], sent: null };
      }
    }
    const failed = outcome.reasons.length > 0;
    context.ended(
      result(number, started, {
        status: failed ? 'failed' : 'passed',
        reason: failed ? outcome.reasons.join('\n') : null,
        submissionId: outcome.sent?.submissionId ?? null,
        environment: environment.name,
        eventsSent: outcome.sent?.eventsSent ?? 0,
        eventsAccepted: outcome.sent?.eventsAccepted ?? 0,
      }),
    );
    const stop = context.stopReason();
    if (stop !== null) {
      for (let skipped = at + 1; skipped < (rows?.read.count ?? 1); skipped++)
        context.ended(result(skipped + 1, performance.now(), { status: 'skipped', reason: stop, environment: environment.name }));
      break;
    }
    at++;
  }
}
