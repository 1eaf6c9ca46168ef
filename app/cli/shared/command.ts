import { terminalText } from '../../../base/common/terminal-text.ts';

/** What every subcommand of the command line is: a summary for the help, and a run that returns an exit code. */

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Asks a person at a terminal and gives the line typed (undefined at end of input); absent in a pipe. */
  ask?: (question: string) => Promise<string | undefined>;
}

/** A subcommand's work: its arguments in, an exit code out. */
export type CommandRun = (args: string[], io: CliIo) => Promise<number>;

/**
 * A subcommand as its list knows it. Its module is loaded only when it runs, so `--help`, and
 * each command, starts with what it uses and no more.
 */
export interface Command {
  summary: string;
  load: () => Promise<CommandRun>;
}

/** The help's lines for a list of subcommands, one a line. */
export function commandLines(commands: Record<string, Command>): string[] {
  return Object.entries(commands).map(([name, command]) => `  ${name.padEnd(12)}${command.summary}`);
}

/** The io with every character a terminal would act on replaced (terminal-text.ts): what each command prints through. */
export function terminalIo(io: CliIo): CliIo {
  const { ask } = io;
  return {
    stdout: (text) => io.stdout(terminalText(text)),
    stderr: (text) => io.stderr(terminalText(text)),
    ...(ask ? { ask: (question: string) => ask(terminalText(question)) } : {}),
  };
}
