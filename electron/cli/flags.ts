/**
 * What every subcommand's flags share: the error that means "you called it wrong" (exit 2),
 * and the readers of number flags, so each command words these mistakes the same way.
 */

/** A mistake in how the command was called; the command prints it and exits with 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** True for a UsageError and for node:util parseArgs's own errors (unknown flag, missing value). */
export function isUsageError(error: unknown): error is Error {
  return error instanceof UsageError || Boolean((error as NodeJS.ErrnoException | null)?.code?.startsWith('ERR_PARSE_ARGS'));
}

export function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag}: "${text}" is not a whole number.`);
  return Number(text);
}

/** What a command prints for a usage mistake: one problem on its line, several as a list, then where the help is. */
export function usageText(command: string, message: string): string {
  const lines = message.split('\n');
  const problems = lines.length === 1 ? lines[0] : `${lines.length} problems:\n${lines.map((line) => `  ${line}`).join('\n')}`;
  return `eventdesk ${command}: ${problems}\nRun "eventdesk ${command} --help" for the flags.\n`;
}
