import { AppError } from '../../shared/errors.ts';
import { NO_FAULTS } from '../../shared/sandbox.ts';
import { startSandbox, type SandboxServer } from '../sandbox/server.ts';
import type { Command } from './command.ts';
import { usageText } from './flags.ts';
import { readSandboxFlags, SANDBOX_USAGE } from './sandbox-flags.ts';

/** `eventdesk sandbox`: the sandbox run on its own, for tests, scripts and SDKs. */

function banner(sandbox: SandboxServer): string {
  const { options } = sandbox;
  const changedFaults = Object.entries(sandbox.faults()).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(NO_FAULTS[name as keyof typeof NO_FAULTS]));
  return [
    `EventDesk sandbox listening at ${sandbox.url}`,
    `  username   ${options.users[0]!.username}`,
    `  password   ${options.users[0]!.password}`,
    `  apiKey     ${options.apiKeys[0]!}`,
    `  endpoints  POST /oauth2/login, POST /user/events`,
    `  settings   ${options.mode} mode, service-id field ${options.serviceIdField}, time zone ${options.timeZone}, tokens last ${options.tokenTtlSeconds} s, bodies up to ${options.maxBodyBytes} bytes`,
    ...(changedFaults.length > 0 ? [`  faults     ${JSON.stringify(Object.fromEntries(changedFaults))}`] : []),
    `  traffic    GET or DELETE ${sandbox.url}/_sandbox/requests${options.logFile === null ? '' : `, and appended to ${options.logFile}`}`,
    `  openapi    GET ${sandbox.url}/_sandbox/openapi.json (import it into Postman, Bruno or Insomnia)`,
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
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

export const sandboxCommand: Command = {
  summary: 'Run the reference ingestion server (the sandbox) on its own',

  async run(args, io) {
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
      sandbox = await startSandbox(flags.options);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      io.stderr(`eventdesk sandbox: ${error.message}\n`);
      return 1;
    }
    io.stdout(banner(sandbox));
    const signal = await untilStopped();
    await sandbox.close();
    io.stdout(`Sandbox stopped (${signal}).\n`);
    return 0;
  },
};
