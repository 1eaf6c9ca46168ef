import { createInterface } from 'node:readline/promises';
import { redactedError } from '../../base/common/redaction/redact.ts';
import { commandLines, type CliIo, type Command } from './shared/command.ts';
import { product } from '../../base/node/product.ts';
import { closestWord } from './shared/suggestion.ts';

/**
 * The command line: a thin shell over the same services the app uses, so it behaves exactly
 * like the app. It never imports `electron`.
 */

export type { CliIo } from './shared/command.ts';

/** Each capability adds its subcommand here; a command's module is loaded only when it runs. */
const commands: Record<string, Command> = {
  sandbox: { summary: 'Run the reference ingestion server (the sandbox) on its own', load: async () => (await import('./sandbox/sandbox.ts')).sandboxCommand },
  login: { summary: 'Log in once to check credentials and see until when the login holds', load: async () => (await import('./login/login.ts')).loginCommand },
  validate: {
    summary: 'Check a batch file as the composer does, with positioned diagnostics',
    load: async () => (await import('./validate/validate.ts')).validateCommand,
  },
  send: {
    summary: 'Send a batch file in chunks, recorded in the history; resume an interrupted send',
    load: async () => (await import('./send/send.ts')).sendCommand,
  },
  history: {
    summary: 'List and search past submissions; "history show <id>" shows one in full',
    load: async () => (await import('./history/history.ts')).historyCommand,
  },
  transform: {
    summary: "Keep, shift, pseudonymize and set fields of a batch file's events",
    load: async () => (await import('./transform/transform.ts')).transformCommand,
  },
  plan: { summary: 'Tracking plans: infer a draft, import one, measure coverage, check one', load: async () => (await import('./plan/plan.ts')).planCommand },
  capture: { summary: 'List, show, export or clear what the sandbox captured', load: async () => (await import('./capture/capture.ts')).captureCommand },
  run: { summary: "Run a workspace's scenarios and report (text, JUnit XML, JSON)", load: async () => (await import('./run/run.ts')).runCommand },
  init: {
    summary: 'Write a small workspace (environment, batch, plan, scenario) into a folder',
    load: async () => (await import('./init/init.ts')).initCommand,
  },
};

function help(): string {
  const listed = commandLines(commands);
  return [
    `${product.name} ${product.version}: craft, check and send batches of user events.`,
    '',
    'Usage: eventdesk <command> [options]',
    ...(listed.length ? ['', 'Commands:', ...listed] : []),
    '',
    'Options:',
    '  -h, --help     Show this help',
    '  -v, --version  Show the version',
    '',
  ].join('\n');
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  // Nothing asked is a call to be corrected, as with any command's missing argument: the help, on standard error, exit 2.
  if (first === undefined) {
    io.stderr(help());
    return 2;
  }
  if (first === '-h' || first === '--help' || first === 'help') {
    io.stdout(help());
    return 0;
  }
  if (first === '-v' || first === '--version') {
    io.stdout(`${product.version}\n`);
    return 0;
  }
  const command = Object.hasOwn(commands, first) ? commands[first] : undefined;
  if (!command) {
    const isFlag = first.startsWith('-');
    const meant = closestWord(first.replace(/^-+/, ''), isFlag ? ['help', 'version'] : Object.keys(commands));
    const suggestion = meant === null ? '' : ` Did you mean ${isFlag ? `--${meant}` : `"${meant}"`}?`;
    io.stderr(`eventdesk: unknown ${isFlag ? 'option' : 'command'} "${first}".${suggestion} Run "eventdesk --help" for the list.\n`);
    return 2;
  }
  return (await command.load())(rest, io);
}

/** A question on standard error, its answer from standard input: only when both are a terminal. */
async function askTerminal(question: string): Promise<string | undefined> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  const closed = new Promise<undefined>((resolve) => terminal.once('close', () => resolve(undefined)));
  try {
    return await Promise.race([terminal.question(question), closed]);
  } finally {
    terminal.close();
  }
}

/** The secrets the environment hands the command line (EVENTDESK_PASSWORD, EVENTDESK_API_KEY, and per-environment ones). */
export function environmentSecrets(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env).flatMap(([name, value]) => (/^EVENTDESK_.*(?:PASSWORD|KEY|TOKEN|SECRET)$/.test(name) && value ? [value] : []));
}

export async function main(): Promise<void> {
  // The last resort: an error no command caught is one masked line, never a stack that may quote a secret.
  const unexpected = (error: unknown) => process.stderr.write(`eventdesk: unexpected error: ${redactedError(error, environmentSecrets(process.env))}\n`);
  const lastResort = (error: unknown) => {
    unexpected(error);
    process.exit(1);
  };
  process.on('uncaughtException', lastResort).on('unhandledRejection', lastResort);
  try {
    process.exitCode = await runCli(process.argv.slice(2), {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      ...(process.stdin.isTTY && process.stderr.isTTY ? { ask: askTerminal } : {}),
    });
  } catch (error) {
    unexpected(error);
    process.exitCode = 1;
  }
}
