/** What every subcommand of the command line is: a summary for the help, and a run that returns an exit code. */

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface Command {
  summary: string;
  run: (args: string[], io: CliIo) => Promise<number>;
}
