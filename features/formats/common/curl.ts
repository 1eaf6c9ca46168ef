import { redactHeaders, redactText, redactUrl } from '../../../base/common/redaction/redact.ts';
import type { ExportOptions, HttpRequest } from './http-request.ts';
import { eventsFromJson, readJson, type ImportedEvent } from './import-result.ts';
import { quoteShellWord, splitShellWords } from './shell-words.ts';

/**
 * A cURL command, both ways: import what browsers' devtools and Postman copy (bash quoting), and
 * export a submission for bash, with secrets masked unless the user asks for them.
 */

export type CurlImport = { ok: true; request: HttpRequest; events: ImportedEvent[]; note?: string } | { ok: false; message: string };

const headerOptions = new Set(['-H', '--header']);
const dataOptions = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
const methodOptions = new Set(['-X', '--request']);
/** Options that take a value we have no use for; skipping the value keeps it from passing for the URL. */
const ignoredWithValue = new Set([
  '-o',
  '--output',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-m',
  '--max-time',
  '--connect-timeout',
  '--proxy',
  '-x',
  '--cacert',
  '--cert',
  '--key',
  '-w',
  '--write-out',
  '--retry',
  '--resolve',
  '--data-urlencode',
  '-F',
  '--form',
]);
/** Short options that take a value, which may be written glued on: -HAccept:x, -XPOST. */
const gluedShort = /^-([HdXbuAoemxwF])(.+)$/;

/** A reader's sentence, going on after a colon of ours. */
const continued = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

/** The request a cURL command sends, and the events in its JSON body. */
export function parseCurl(command: string): CurlImport {
  // Devtools' "Copy as cURL (cmd)" ends its lines with ^, which bash would read as words of the command.
  if (/ \^\r?\n/.test(command))
    return {
      ok: false,
      message:
        "This command is written for the Windows command prompt (its lines end with ^). Copy it as cURL (bash) from the browser's devtools, or as cURL from Postman, and paste that.",
    };
  const split = splitShellWords(command.trim());
  if (!split.ok) return { ok: false, message: `The command cannot be read as bash: ${continued(split.message)}` };
  const [program, ...words] = split.words;
  if (program === undefined || !/^curl(?:\.exe)?$/i.test(program)) return { ok: false, message: 'This is not a cURL command: it should start with curl.' };
  const headers: Record<string, string> = {};
  const data: string[] = [];
  const unknown: string[] = [];
  let method: string | null = null;
  let url: string | null = null;
  for (let index = 0; index < words.length; index++) {
    let option = words[index]!;
    let value: string | undefined;
    const glued = gluedShort.exec(option);
    if (glued) [option, value] = [`-${glued[1]}`, glued[2]];
    else if (/^--[\w-]+=/.test(option)) [option, value] = [option.slice(0, option.indexOf('=')), option.slice(option.indexOf('=') + 1)];
    const takeValue = () => value ?? words[++index];
    if (headerOptions.has(option)) {
      const header = takeValue() ?? '';
      const colon = header.indexOf(':');
      if (colon > 0) headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    } else if (dataOptions.has(option)) {
      const body = takeValue() ?? '';
      if (body.startsWith('@') && option !== '--data-raw')
        return { ok: false, message: `The body is read from the file ${body.slice(1)}; paste the body into the command instead.` };
      data.push(body);
      if (option === '--json') headers['Content-Type'] ??= 'application/json';
    } else if (methodOptions.has(option)) method = takeValue()?.toUpperCase() ?? null;
    else if (option === '--url') url = takeValue() ?? null;
    else if (option === '-b' || option === '--cookie') headers.Cookie = takeValue() ?? '';
    else if (option === '-u' || option === '--user') headers.Authorization = basicAuthorization(takeValue() ?? '');
    else if (ignoredWithValue.has(option)) takeValue();
    else if (option.startsWith('-')) unknown.push(option);
    else url ??= option;
  }
  if (url === null) return { ok: false, message: 'The command has no URL.' };
  // curl joins several -d values with &, and a body makes the request a POST.
  const body = data.length > 0 ? data.join('&') : null;
  const request: HttpRequest = { method: method ?? (body === null ? 'GET' : 'POST'), url, headers, body };
  if (body === null) return { ok: false, message: 'The command sends no body (-d, --data, --data-raw), so it holds no events.' };
  const reading = readJson(body);
  if (!reading.ok) return { ok: false, message: `The command's body is not JSON: ${reading.reason}.` };
  const found = eventsFromJson(reading.value);
  if (!found.ok) return { ok: false, message: `The command's body is no batch: ${continued(found.message)}` };
  const notes = [found.note, unknown.length > 0 ? `Ignored the options ${unknown.join(' ')}.` : undefined].filter((note) => note !== undefined);
  return notes.length > 0 ? { ok: true, request, events: found.events, note: notes.join(' ') } : { ok: true, request, events: found.events };
}

/** curl -u user:password, as the header curl sends: base64 of the UTF-8 bytes (btoa takes Latin-1 only). */
function basicAuthorization(credentials: string): string {
  return `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(credentials)))}`;
}

/**
 * The request as a bash command, one option a line. Headers, the URL and the body go through
 * base/common/redaction/redact.ts unless `revealSecrets`, so a pasted command shows `apiKey: ••••1234`.
 */
export function exportCurl(request: HttpRequest, options: ExportOptions = {}): string {
  const reveal = options.revealSecrets === true;
  const secrets = options.secrets ?? [];
  const headers = reveal ? request.headers : redactHeaders(request.headers);
  const url = reveal ? request.url : redactText(redactUrl(request.url), secrets);
  const inferred = request.body === null ? 'GET' : 'POST';
  const lines = [`curl${request.method.toUpperCase() === inferred ? '' : ` -X ${quoteShellWord(request.method)}`} ${quoteShellWord(url)}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`-H ${quoteShellWord(`${name}: ${value}`)}`);
  if (request.body !== null) lines.push(`--data-raw ${quoteShellWord(reveal ? request.body : redactText(request.body, secrets))}`);
  return lines.join(' \\\n  ');
}
