import type { IncomingHttpHeaders } from 'node:http';
import { MAX_JSON_DEPTH } from '../../shared/json-nesting.ts';
import { findJsonSyntaxError } from './json-syntax.ts';
import { failure, type Reply } from './route.ts';

/** Turns a request body into a JSON value, or into the 4xx reply that says what is wrong with it. */


const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** docs/service-api.md: every body is application/json. A charset, if given, must be UTF-8. */
function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [mediaType, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  return parameters.every((parameter) => !parameter.startsWith('charset=') || /^charset="?utf-8"?$/.test(parameter));
}

/** The 415 for a request whose body is not declared as JSON, or null for one that is. */
export function jsonContentTypeProblem(headers: IncomingHttpHeaders): Reply | null {
  const header = headers['content-type'];
  if (isJsonContentType(header)) return null;
  const given = header === undefined ? 'no Content-Type' : `Content-Type "${header}"`;
  return failure(415, 'unsupported-media-type', `The body must be JSON sent as Content-Type: application/json; the request had ${given}.`);
}

/**
 * How deeply arrays and objects nest, counted on the raw bytes (brackets are ASCII, so they
 * never occur inside a multi-byte UTF-8 character). Stops counting past `limit`.
 */
function nestingDepth(body: Uint8Array, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let index = 0;
  while (index < body.length) {
    const byte = body[index];
    if (byte === QUOTE) {
      // Skip the string in a tight loop of its own: strings are most of an event's bytes.
      index++;
      while (index < body.length && body[index] !== QUOTE) index += body[index] === BACKSLASH ? 2 : 1;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
    index++;
  }
  return deepest;
}

/** Line and column (both from 1) of a UTF-16 offset in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastNewline = before.lastIndexOf('\n');
  let line = 1;
  for (let index = before.indexOf('\n'); index !== -1; index = before.indexOf('\n', index + 1)) line++;
  return { line, column: offset - lastNewline };
}

function malformed(text: string, parseError: SyntaxError): Reply {
  const found = findJsonSyntaxError(text);
  const offset = found?.offset ?? text.length;
  const { line, column } = lineAndColumn(text, offset);
  const reason = found?.reason ?? parseError.message;
  return failure(400, 'malformed-json', `Malformed JSON at line ${line}, column ${column}: ${reason}.`, { line, column });
}

function tooDeep(): Reply {
  return failure(400, 'json-too-deep', `The JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; reply: Reply };

/** The 400 for a body nested deeper than MAX_JSON_DEPTH, or null for one that is not. */
export function nestingProblem(body: Uint8Array): Reply | null {
  return nestingDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH ? tooDeep() : null;
}

/**
 * Parses without checking the nesting first, for a caller that checks it only where it can
 * matter (see the events route). V8's JSON.parse does not recurse, so deep nesting is no
 * danger to it; should another engine's run out of stack, that is still a 400.
 */
export function parseJson(body: Buffer): ParsedJson {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { ok: false, reply: failure(400, 'invalid-utf8', 'The body is not valid UTF-8 text.') };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, reply: malformed(text, error) };
    return { ok: false, reply: tooDeep() };
  }
}

export function parseJsonBody(body: Buffer): ParsedJson {
  const tooDeepReply = nestingProblem(body);
  return tooDeepReply ? { ok: false, reply: tooDeepReply } : parseJson(body);
}
