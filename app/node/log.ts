import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { MASK, isSecretHeader, maskSecret, redactHeader, redactText, redactUrl } from '../../base/common/redaction/redact.ts';

/**
 * The app's log: `<data folder>/logs/eventdesk.log`, rotated by size (eventdesk.log.1 is the
 * newest old file). Every line is redacted before it is written, so a key, token, password or
 * Authorization value never reaches the disk, whatever the caller passed.
 *
 * Writes are synchronous appends: a line logged just before a crash is on disk, and lines are
 * few and short (starts, sends, errors), so blocking is negligible.
 */

export const LOG_FILE_NAME = 'eventdesk.log';
export const LOG_MAX_BYTES = 1024 * 1024;
/** The current file and four older ones. */
export const LOG_MAX_FILES = 5;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Readonly<Record<string, unknown>>;
type KnownSecrets = readonly (string | null | undefined)[];

export interface LogOptions {
  dataFolder: string;
  /** Values to mask wherever they appear in a line, such as the vault's keys and tokens. */
  secrets?: () => KnownSecrets;
  maxBytes?: number;
  maxFiles?: number;
  now?: () => Date;
}

export interface Log {
  /** The file being written. */
  readonly file: string;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export function logsFolder(dataFolder: string): string {
  return path.join(dataFolder, 'logs');
}

/** The log files of a data folder, newest first: eventdesk.log, eventdesk.log.1, … */
export function logFiles(dataFolder: string, maxFiles = LOG_MAX_FILES): string[] {
  const current = path.join(logsFolder(dataFolder), LOG_FILE_NAME);
  return Array.from({ length: maxFiles }, (_, index) => (index === 0 ? current : `${current}.${index}`));
}

const secretFieldName =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|x-auth-token|x-access-token|(?:access|refresh|id)[-_]?token|token|password|passwd|pass|secret|client[-_]?secret)$/i;

function maskField(name: string, value: string): string {
  if (isSecretHeader(name)) return redactHeader(name, value);
  return /key/i.test(name) ? maskSecret(value) : MASK;
}

/** A secret-named field in free text: `password=x`, `"token": "x"`, `Authorization: Bearer x`. */
const secretInText =
  /(["']?)\b(authorization|proxy-authorization|cookie|x-api-key|api[-_]?key|(?:access|refresh|id)[-_]?token|token|password|passwd|secret|client[-_]?secret)\1(\s*[:=]\s*)(["']?)((?:Bearer|Basic|Token)\s+)?([^\s"'&,;)}\]]+)/gi;

const urlInText = /\bhttps?:\/\/[^\s"'<>]+/gi;

/** Masks every secret a line may carry: known values, secret-named fields, URL credentials. */
export function redactLine(line: string, secrets: KnownSecrets): string {
  // URLs first, while their credentials are intact to be found; the URL parser encodes the mask.
  const withUrls = line.replace(urlInText, (url) => redactUrl(url).replaceAll(encodeURIComponent(MASK), MASK));
  return redactText(withUrls, secrets).replace(
    secretInText,
    (match, quote: string, name: string, separator: string, valueQuote: string, scheme: string | undefined, value: string) => {
      // Already masked (by a field or a known value): keep its hint, such as `••••1234`.
      if (value.startsWith(MASK)) return match;
      const masked = scheme ? `${scheme}${MASK}` : maskField(name, value);
      return `${quote}${name}${quote}${separator}${valueQuote}${masked}`;
    },
  );
}

function redactFields(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return depth > 8 ? '[…]' : value.map((item) => redactFields(item, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[…]';
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      secretFieldName.test(name) && typeof field === 'string' ? maskField(name, field) : redactFields(field, depth + 1),
    ]),
  );
}

/** One line of the file; a newline in a message cannot forge another line. */
export function formatLogLine(time: Date, level: LogLevel, message: string, fields: LogFields | undefined, secrets: KnownSecrets): string {
  const detail = fields === undefined ? '' : ` ${JSON.stringify(redactFields(fields))}`;
  const text = `${time.toISOString()} ${level.toUpperCase().padEnd(5)} ${message}${detail}`.replace(/\r?\n/g, '\\n');
  return `${redactLine(text, secrets)}\n`;
}

export function createLog(options: LogOptions): Log {
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  const files = logFiles(options.dataFolder, options.maxFiles ?? LOG_MAX_FILES);
  const file = files[0]!;
  const now = options.now ?? (() => new Date());
  mkdirSync(path.dirname(file), { recursive: true });
  let size = sizeOf(file);

  function rotate(): void {
    rmSync(files.at(-1)!, { force: true });
    for (let index = files.length - 2; index >= 0; index--) {
      if (sizeOf(files[index]!) > 0) renameSync(files[index]!, files[index + 1]!);
    }
    size = 0;
  }

  function write(level: LogLevel, message: string, fields?: LogFields): void {
    const line = formatLogLine(now(), level, message, fields, options.secrets?.() ?? []);
    const bytes = Buffer.byteLength(line);
    try {
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(file, line, { mode: 0o600 });
      size += bytes;
    } catch {
      // A full disk (the line saying so among them): logging must not fail what it reports.
      process.stderr.write(line);
    }
  }

  return {
    file,
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
