import { redactHeaders, redactText, redactUrl } from '../../../base/common/redaction/redact.ts';
import type { Har } from './har-spec.ts';
import type { ExportOptions, HttpRequest } from './http-request.ts';
import { eventsFromJson, kindOf, readJson, withoutBom, type ImportedEvent } from './import-result.ts';

/**
 * HAR files both ways: import the events a browser (or EventDesk) posted to /user/events, and
 * export requests with their responses as a HAR 1.2 log any HAR viewer opens.
 */

/** Where an imported event came from: the entry's place in log.entries (0-based), its time and URL. */
export interface HarOrigin {
  entry: number;
  startedDateTime: string;
  url: string;
}

export type HarImport = { ok: true; events: ImportedEvent[]; origins: HarOrigin[]; note?: string } | { ok: false; message: string; line?: number };

const EVENTS_PATH = /\/user\/events\/?$/;

function isEventPost(method: unknown, url: unknown): url is string {
  if (typeof method !== 'string' || method.toUpperCase() !== 'POST' || typeof url !== 'string') return false;
  try {
    return EVENTS_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The events of every entry that POSTed JSON to a URL whose path ends in /user/events; origins[i] says where events[i] came from. */
export function parseHar(text: string): HarImport {
  const body = withoutBom(text);
  if (body.trim() === '') return { ok: false, message: 'The file is empty.' };
  const reading = readJson(body);
  if (!reading.ok)
    return {
      ok: false,
      message: `The HAR file is not valid JSON${reading.line === undefined ? '' : ` at line ${reading.line}`}: ${reading.reason}.`,
      line: reading.line,
    };
  const entries = (reading.value as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) return { ok: false, message: `This is not a HAR file: it has no log.entries list (it holds ${kindOf(reading.value)}).` };
  const events: ImportedEvent[] = [];
  const origins: HarOrigin[] = [];
  const skipped: number[] = [];
  let posts = 0;
  entries.forEach((entry: { startedDateTime?: unknown; request?: { method?: unknown; url?: unknown; postData?: { text?: unknown } } } | null, index) => {
    const request = entry?.request;
    if (!isEventPost(request?.method, request?.url)) return;
    posts++;
    const text = request?.postData?.text;
    const json = typeof text === 'string' ? readJson(text) : null;
    const found = json?.ok ? eventsFromJson(json.value) : null;
    if (!found?.ok) {
      skipped.push(index + 1);
      return;
    }
    const origin = { entry: index, startedDateTime: typeof entry?.startedDateTime === 'string' ? entry.startedDateTime : '', url: request.url };
    for (const event of found.events) {
      events.push(event);
      origins.push(origin);
    }
  });
  const of = `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
  if (posts === 0) return { ok: false, message: `None of the ${of} in this HAR file posts to /user/events.` };
  if (events.length === 0) return { ok: false, message: `The ${posts} posts to /user/events in this HAR file have no JSON events in their bodies.` };
  const skippedNote = skipped.length > 0 ? ` Skipped entries ${skipped.join(', ')}: their bodies hold no JSON events.` : '';
  return { ok: true, events, origins, note: `Found ${events.length} events in ${posts - skipped.length} posts to /user/events, of ${of}.${skippedNote}` };
}

export interface HarExchange {
  /** When the request started, ISO 8601. */
  startedDateTime: string;
  /** Milliseconds from the start of the request to the end of the response. */
  time: number;
  request: HttpRequest;
  /** Null when no response came (a network error or a timeout). */
  response: { status: number; statusText: string; headers: Record<string, string>; body: string | null } | null;
  /** Said on the entry, for a reader: which submission and chunk it was, say. */
  comment?: string;
}

export interface HarExportOptions extends ExportOptions {
  /** EventDesk's version, for log.creator. */
  appVersion: string;
}

/** Bytes of a text in UTF-8, counted without encoding a 28 MB body again. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

function mimeTypeOf(headers: Record<string, string>): string {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
}

/**
 * A HAR 1.2 log of the exchanges, as text. Headers, URLs and bodies go through
 * base/common/redaction/redact.ts unless `revealSecrets`. Fetch does not tell the HTTP version or the header
 * sizes, so they are written as HTTP/1.1 and -1 (unknown), and the whole time counts as waiting.
 */
export function exportHar(exchanges: readonly HarExchange[], options: HarExportOptions): string {
  const reveal = options.revealSecrets === true;
  const secrets = options.secrets ?? [];
  const text = (value: string) => (reveal ? value : redactText(value, secrets));
  // Masked by name and by value: a server may echo a key back in a header of any name.
  const headers = (values: Record<string, string>) =>
    Object.entries(reveal ? values : redactHeaders(values)).map(([name, value]) => ({ name: text(name), value: text(value) }));
  const url = (value: string) => (reveal ? value : redactText(redactUrl(value), secrets));
  const queryString = (value: string) => {
    try {
      return [...new URL(value).searchParams].map(([name, param]) => ({ name, value: param }));
    } catch {
      return [];
    }
  };
  const har: Har = {
    log: {
      version: '1.2',
      creator: { name: 'EventDesk', version: options.appVersion },
      entries: exchanges.map((exchange) => {
        const { request, response } = exchange;
        const requestUrl = url(request.url);
        return {
          startedDateTime: exchange.startedDateTime,
          time: exchange.time,
          request: {
            method: request.method,
            url: requestUrl,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: headers(request.headers),
            queryString: queryString(requestUrl),
            ...(request.body === null ? {} : { postData: { mimeType: mimeTypeOf(request.headers), text: text(request.body) } }),
            headersSize: -1,
            bodySize: request.body === null ? 0 : utf8Length(request.body),
          },
          response:
            response === null
              ? {
                  status: 0,
                  statusText: '',
                  httpVersion: '',
                  cookies: [],
                  headers: [],
                  content: { size: 0, mimeType: 'x-unknown' },
                  redirectURL: '',
                  headersSize: -1,
                  bodySize: -1,
                  comment: 'No response arrived.',
                }
              : {
                  status: response.status,
                  statusText: response.statusText,
                  httpVersion: 'HTTP/1.1',
                  cookies: [],
                  headers: headers(response.headers),
                  content: {
                    size: response.body === null ? 0 : utf8Length(response.body),
                    mimeType: mimeTypeOf(response.headers),
                    ...(response.body === null ? {} : { text: text(response.body) }),
                  },
                  redirectURL: '',
                  headersSize: -1,
                  bodySize: response.body === null ? 0 : utf8Length(response.body),
                },
          cache: {},
          timings: { send: 0, wait: exchange.time, receive: 0 },
          ...(exchange.comment === undefined ? {} : { comment: text(exchange.comment) }),
        };
      }),
    },
  };
  return `${JSON.stringify(har, null, 2)}\n`;
}
