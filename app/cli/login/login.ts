import { formatDateTime } from '../../../base/common/datetime.ts';
import { resolveTimeZone } from '../../../features/environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { redactText } from '../../../base/common/redaction/redact.ts';
import { login, type TokenGrant } from '../../node/index.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { type UsageError, isUsageError, parseFlags, usageText } from '../shared/flags.ts';
import type { Target } from '../../../features/environments/node/target.ts';
import { TARGET_FLAGS, TARGET_USAGE, resolveTarget, secretsIn } from '../shared/target.ts';
import { printedJson } from '../../../base/common/terminal-text.ts';

/** `eventdesk login`: logs in once to check the credentials and shows until when the login holds. Stores nothing. */

export const LOGIN_USAGE = `Usage: eventdesk login (--env ENV [--env-name NAME] | --base-url URL) [options]

Logs in once to check the credentials, and shows who, where, and until when the login holds.
Nothing is stored.

${TARGET_USAGE}
Output
  --json                 Print { baseUrl, username, expiresAt, serverExpiry, timeZone, expiresReadAs }
  --verbose              When the login fails, also print the server's answer (secrets masked)
  -h, --help             Show this help

Exit codes: 0 logged in, 1 the login failed, 2 the command was called wrong.
`;

const FLAGS = {
  ...TARGET_FLAGS,
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readFlags(args: string[]) {
  return parseFlags({ args, options: FLAGS, strict: true, allowPositionals: false }).values;
}

/** What --json prints: who, where, until when. Never a token. */
export interface LoginReport {
  baseUrl: string;
  username: string;
  /** ISO 8601 instant. */
  expiresAt: string;
  /** The same instant as the server writes it, in `timeZone`. */
  serverExpiry: string;
  timeZone: string;
  expiresReadAs: TokenGrant['expiresReadAs'];
}

function reportOf({ environment, secrets }: Target, grant: TokenGrant, timeZone: string): LoginReport {
  return {
    baseUrl: environment.baseUrl,
    username: secrets.username,
    expiresAt: grant.expiresAt.toISOString(),
    serverExpiry: formatDateTime(grant.expiresAt, timeZone),
    timeZone,
    expiresReadAs: grant.expiresReadAs,
  };
}

/** "in 59 min", "in 2 h 5 min", "12 s ago": how far off the expiry is, to the minute past a minute. */
function fromNow(expiresAt: Date, now: Date): string {
  const seconds = Math.round((expiresAt.getTime() - now.getTime()) / 1000);
  const size = Math.abs(seconds);
  const minutes = Math.floor(size / 60);
  const text = size < 60 ? `${size} s` : minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return seconds >= 0 ? `in ${text}` : `${text} ago: the token is already expired`;
}

function describe(report: LoginReport, grant: TokenGrant, now: Date): string {
  const localZone = resolveTimeZone('local');
  const readAs =
    grant.expiresReadAs === 'date-time'
      ? `"${grant.expiresText}", read as a date-time in ${report.timeZone} (as the service specifies)`
      : `${grant.expiresText}, read as a number of seconds from now (the service specifies a date-time)`;
  return [
    `Logged in to ${report.baseUrl} as ${report.username}.`,
    `  expires      ${formatDateTime(grant.expiresAt, localZone)} local time (${localZone}), ${fromNow(grant.expiresAt, now)}`,
    `  server time  ${report.serverExpiry} (${report.timeZone})`,
    `  expires_in   ${readAs}`,
    'The credentials work. Nothing was stored.',
    '',
  ].join('\n');
}

export async function loginCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  const known = secretsIn(process.env);
  const fail = (text: string) => io.stderr(redactText(text, known));
  const usage = (mistake: UsageError) => {
    fail(usageText('login', mistake));
    return 2;
  };

  let target: Target;
  let values: ReturnType<typeof readFlags>;
  try {
    values = readFlags(args);
    if (values.help) {
      io.stdout(LOGIN_USAGE);
      return 0;
    }
    target = await resolveTarget(values, process.env);
  } catch (error) {
    if (isUsageError(error)) return usage(error);
    throw error;
  }

  const { environment, secrets } = target;
  const timeZone = resolveTimeZone(environment.timeZone);
  let grant: TokenGrant;
  try {
    grant = await login({
      fetch,
      baseUrl: environment.baseUrl,
      username: secrets.username,
      password: secrets.password,
      timeZone,
      timeoutMs: environment.requestTimeoutMs,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const detail = error.detail ? (values.verbose ? `\n${error.detail.trimEnd()}\n` : 'Run again with --verbose for the details.\n') : '';
    fail(`eventdesk login: ${error.message}\n${detail}`);
    return 1;
  }

  const report = reportOf(target, grant, timeZone);
  io.stdout(values.json ? printedJson(report) : describe(report, grant, new Date()));
  return 0;
}
