import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestWord } from './suggestion.ts';

/**
 * What every subcommand's flags share: the error that means "you called it wrong" (exit 2),
 * the reading of the flags and the readers of number flags, and the words for a file that
 * cannot be read or written, so each command words these mistakes the same way.
 */

/**
 * A mistake in how the command was called; the command prints it and exits with 2. One about a
 * file (it cannot be read, it is no environment) is not followed by where the flags are listed:
 * the flags were right.
 */
export class UsageError extends Error {
  readonly aboutFile: boolean;
  constructor(message: string, { aboutFile = false }: { aboutFile?: boolean } = {}) {
    super(message);
    this.name = 'UsageError';
    this.aboutFile = aboutFile;
  }
}

/** The UsageError for a file that is there but not what the flag takes. */
export function fileMistake(message: string): UsageError {
  return new UsageError(message, { aboutFile: true });
}

export function isUsageError(error: unknown): error is UsageError {
  return error instanceof UsageError;
}

/** The option or argument node:util quotes in its message ('--foo'), or the whole message when it quotes none. */
function quotedIn(message: string): string {
  return /'([^']*)'/.exec(message)?.[1] ?? message;
}

/** node:util parseArgs's mistakes in our words: its own messages name internals and suggest `--` to people who mistyped a flag. */
function flagMistake(error: NodeJS.ErrnoException, flags: readonly string[]): string {
  const quoted = quotedIn(error.message);
  // '-o, --out <value>' names a flag both ways: the long name is the one the help lists.
  const flag = quoted
    .replace(/ <value>$/, '')
    .split(', ')
    .at(-1);
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const meant = closestWord(quoted.replace(/^-+/, ''), flags);
      return `unknown option ${quoted}.${meant === null ? '' : ` Did you mean --${meant}?`}`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}": this command takes only flags.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take') ? `${flag} takes no value.` : `${flag} needs a value.`;
    default:
      return error.message;
  }
}

/** node:util's parseArgs, with each of its mistakes as a UsageError in one clear line. */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
      throw new UsageError(flagMistake(error as NodeJS.ErrnoException, Object.keys(config.options ?? {})));
    throw error;
  }
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of its path is not a folder',
  ENOSPC: 'the disk is full',
  EROFS: 'the disk is read-only',
};

/** Why a file could not be read or written, in words, without Node's error code and repeated path. */
function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return (code !== undefined && FILE_PROBLEMS[code]) || (code ?? (error instanceof Error ? error.message : String(error)));
}

/** The UsageError for a file that cannot be read: `cannot read events.json: no such file`. */
export function unreadable(file: string, error: unknown): UsageError {
  return fileMistake(`cannot read ${file}: ${fileProblem(error)}.`);
}

/** The UsageError for a file that cannot be written; with no such file, it is the folder to write in that is missing. */
export function unwritable(file: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const problem = code === 'ENOENT' ? `the folder ${path.dirname(path.resolve(file))} does not exist` : fileProblem(error);
  return fileMistake(`cannot write ${file}: ${problem}.`);
}

/** Whether a path names something (a file or a folder) that is there. */
export function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag}: "${text}" is not a whole number.`);
  return Number(text);
}

/** What a command prints for a usage mistake: one problem on its line, several as a list, then where the help is (not after a file's problem). */
export function usageText(command: string, mistake: UsageError | string): string {
  const lines = (typeof mistake === 'string' ? mistake : mistake.message).split('\n');
  const problems = lines.length === 1 ? lines[0] : `${lines.length} problems:\n${lines.map((line) => `  ${line}`).join('\n')}`;
  const aboutFile = typeof mistake !== 'string' && mistake.aboutFile;
  return `eventdesk ${command}: ${problems}\n${aboutFile ? '' : `Run "eventdesk ${command} --help" for the flags.\n`}`;
}
