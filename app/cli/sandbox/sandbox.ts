import { AppError } from '../../../base/common/errors.ts';
import { plural } from '../../../base/common/plural.ts';
import { NO_FAULTS, type SandboxPlan } from '../../../features/sandbox/common/sandbox.ts';
import { captureSandbox } from '../../../features/capture/node/capture-sandbox.ts';
import { captureFileIn, openCapture, type CaptureStore } from '../../../features/capture/node/capture-store.ts';
import { CAPTURE_WRITER_SCRIPT } from '../../node/runtime-files.ts';
import type { SandboxOptions } from '../../../features/sandbox/server/config.ts';
import type { PlanChange } from '../../../features/sandbox/server/plan-file.ts';
import { startSandboxNear } from '../../../features/sandbox/server/port.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { fileMistake, usageText } from '../shared/flags.ts';
import { readSandboxFlags, SANDBOX_USAGE } from './sandbox-flags.ts';

/** `eventdesk sandbox`: the sandbox run on its own, for tests, scripts and SDKs. */

function banner(sandbox: SandboxServer, capture: CaptureStore | null): string {
  const { options } = sandbox;
  const plan = sandbox.plan();
  const changedFaults = Object.entries(sandbox.faults()).filter(
    ([name, value]) => JSON.stringify(value) !== JSON.stringify(NO_FAULTS[name as keyof typeof NO_FAULTS]),
  );
  return [
    `EventDesk sandbox listening at ${sandbox.url}`,
    ...(options.forward
      ? [
          `Forwarding to ${options.forward.url}: every request but /_sandbox/* goes there as sent, with the SDK's own credentials (the account below is not used); the upstream has ${options.forward.timeoutMs} ms to answer`,
        ]
      : []),
    `  username   ${options.users[0]!.username}`,
    `  password   ${options.users[0]!.password}`,
    `  apiKey     ${options.apiKeys[0]!}`,
    `  endpoints  POST /oauth2/login, POST /user/events`,
    `  settings   ${options.mode} mode, service-id field ${options.serviceIdField}, time zone ${options.timeZone}, tokens last ${options.tokenTtlSeconds} s, bodies up to ${options.maxBodyBytes} bytes`,
    ...(changedFaults.length > 0 ? [`  faults     ${JSON.stringify(Object.fromEntries(changedFaults))}`] : []),
    ...(plan
      ? [
          `  plan       ${plan.label} (${plan.file}), ${plural(plan.kinds, 'kind')}: ${options.mode === 'strict' ? 'a request whose events break it gets 422' : 'its violations are recorded in the traffic'}; editing the file reloads it`,
        ]
      : []),
    `  traffic    GET or DELETE ${sandbox.url}/_sandbox/requests${options.logFile === null ? '' : `, and appended to ${options.logFile}`}`,
    `  openapi    GET ${sandbox.url}/_sandbox/openapi.json (import it into Postman, Bruno or Insomnia)`,
    ...(capture ? [captureLine(capture)] : []),
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
}

function captureLine(capture: CaptureStore): string {
  const status = capture.status();
  if (!status.capturing) return `  capture    off: ${status.problem ?? 'the capture file cannot be used'}`;
  return `  capture    every request and its events, masked, kept in ${status.file} (eventdesk capture list)`;
}

/** A plan that cannot be loaded makes the command unusable, like a wrong flag. */
const PLAN_LOAD_CODES: ReadonlySet<string> = new Set(['plan-not-json', 'plan-invalid', 'plan-missing', 'plan-too-large', 'plan-not-utf8', 'plan-unreadable']);

/** The plan's own problems (a broken kind, left unchecked; the rest applies), one line each on standard error. */
function tellPlanProblems(plan: SandboxPlan, io: CliIo): void {
  for (const problem of plan.problems) io.stderr(`${plan.file}: ${problem}\n`);
}

/** What a change of the plan file did, on standard error: the traffic goes on. */
function tellPlanChange(plan: SandboxPlan | null, change: PlanChange, io: CliIo): void {
  if (plan === null) return;
  if (change === 'reloaded') {
    io.stderr(`Plan ${plan.file} reloaded: ${plan.label}, ${plural(plan.kinds, 'kind')}.\n`);
    tellPlanProblems(plan, io);
  } else if (change === 'reload-failed') {
    io.stderr(`Plan ${plan.file} not reloaded: ${plan.error ?? 'unknown problem'} Events are still checked against ${plan.label ?? 'no plan'}.\n`);
  }
}

/**
 * The sandbox on the port --port named, or else on the default or the nearest free port, said on
 * standard error as the app's Sandbox tab says it. A port named and taken is an error: the SDK
 * the user set for it would reach the other program.
 */
async function startOnPort(options: SandboxOptions, portNamed: boolean, io: CliIo): Promise<SandboxServer> {
  if (portNamed) {
    return startSandbox(options).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'sandbox-port-taken')
        throw new AppError(error.code, `${error.message} Name another with --port, or --port 0 for any free one.`, error.detail);
      throw error;
    });
  }
  const { sandbox, note } = await startSandboxNear(options, options.port);
  if (note !== null) io.stderr(`eventdesk sandbox: ${note}\n`);
  return sandbox;
}

/** Resolves with the signal's name at the first SIGINT or SIGTERM. */
function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
}

export async function sandboxCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  const flags = readSandboxFlags(args);
  if (!flags.ok) {
    io.stderr(usageText('sandbox', flags.message));
    return 2;
  }
  if (flags.help) {
    io.stdout(SANDBOX_USAGE);
    return 0;
  }
  let sandbox: SandboxServer;
  try {
    sandbox = await startOnPort(flags.options, flags.portNamed, io);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (PLAN_LOAD_CODES.has(error.code)) {
      io.stderr(usageText('sandbox', fileMistake(`--plan: ${error.message}`)));
      return 2;
    }
    io.stderr(`eventdesk sandbox: ${error.message}\n`);
    return 1;
  }
  const plan = sandbox.plan();
  if (plan) tellPlanProblems(plan, io);
  sandbox.onPlanChange((changed, change) => tellPlanChange(changed, change, io));
  const log = (message: string) => io.stderr(`eventdesk sandbox: ${message}\n`);
  const store = flags.capture === null ? null : openCapture(captureFileIn(flags.capture), { log });
  const capturing = store && captureSandbox(sandbox, store, { writerScript: CAPTURE_WRITER_SCRIPT, log });
  io.stdout(banner(sandbox, store));
  const signal = await untilStopped();
  await sandbox.close();
  await capturing?.stop();
  store?.close();
  io.stdout(`Sandbox stopped (${signal}).\n`);
  return 0;
}
