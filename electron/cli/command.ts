/** What every subcommand of the command line is: a summary for the help, and a run that returns an exit code. */

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Asks a person at a terminal and gives the line typed (undefined at end of input); absent in a pipe. */
  ask?: (question: string) => Promise<string | undefined>;
}

export interface Command {
  summary: string;
  run: (args: string[], io: CliIo) => Promise<number>;
}
