import { createInterface } from 'node:readline/promises';
import { captureCommand } from './cli/capture.ts';
import type { CliIo, Command } from './cli/command.ts';
import { historyCommand } from './cli/history.ts';
import { initCommand } from './cli/init.ts';
import { loginCommand } from './cli/login.ts';
import { planCommand } from './cli/plan.ts';
import { runCommand } from './cli/run.ts';
import { sandboxCommand } from './cli/sandbox.ts';
import { sendCommand } from './cli/send.ts';
import { transformCommand } from './cli/transform.ts';
import { validateCommand } from './cli/validate.ts';
import { product } from './product.ts';

/**
 * The command line: a thin shell over the same services the app uses, so it behaves exactly
 * like the app. It never imports `electron`.
 */

export type { CliIo } from './cli/command.ts';

/** Each capability adds its subcommand here (sandbox, validate, send, history, transform, plan, capture). */
const commands: Record<string, Command> = {
  sandbox: sandboxCommand,
  login: loginCommand,
  validate: validateCommand,
  send: sendCommand,
  history: historyCommand,
  transform: transformCommand,
  plan: planCommand,
  capture: captureCommand,
  run: runCommand,
  init: initCommand,
};

function help(): string {
  const listed = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(12)}${command.summary}`);
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
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    io.stdout(help());
    return 0;
  }
  if (first === '-v' || first === '--version') {
    io.stdout(`${product.version}\n`);
    return 0;
  }
  const command = Object.hasOwn(commands, first) ? commands[first] : undefined;
  if (!command) {
    io.stderr(`eventdesk: unknown command "${first}". Run "eventdesk --help" for the list.\n`);
    return 2;
  }
  return command.run(rest, io);
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

export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    ...(process.stdin.isTTY && process.stderr.isTTY ? { ask: askTerminal } : {}),
  });
}

if (import.meta.filename === process.argv[1]) await main();
