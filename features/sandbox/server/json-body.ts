import type { IncomingHttpHeaders } from 'node:http';
import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../../validation/common/json-characters.ts';
import { positionsOf } from '../../validation/common/positions.ts';
import { readBatchJson, type SyntaxProblem } from '../../validation/common/syntax.ts';
import { failure, type Reply } from './route.ts';

/** Turns a request body into a JSON value, or into the 4xx reply that says what is wrong with it. */

/** Keeps a byte order mark, as the bytes' own decoding does: the text handed on is the body's, mark and all. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

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

/** The 400 for a body that is not JSON: where (line and column, from 1) and why, in the words the editor uses. */
function malformed(text: string, problem: SyntaxProblem): Reply {
  const { line, column } = positionsOf(text, [problem.offset]).get(problem.offset)!;
  return failure(400, 'malformed-json', `Malformed JSON at line ${line}, column ${column}: ${problem.reason}.`, { line, column });
}

function tooDeep(): Reply {
  return failure(400, 'json-too-deep', `The JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
}

/** `text` is the body decoded (a byte order mark kept), which the traffic keeps rather than decoding the body again. */
export type ParsedJson = { ok: true; value: unknown; text: string } | { ok: false; reply: Reply };

/** The 400 for a body nested deeper than MAX_JSON_DEPTH, or null for one that is not. */
export function nestingProblem(body: Uint8Array): Reply | null {
  return nestingDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH ? tooDeep() : null;
}

/**
 * Parses without checking the nesting first, for a caller that checks it only where it can
 * matter (see the events route). The shared reading bounds JSON.parse's memory: a body dense
 * with brackets is read for its nesting before JSON.parse sees it.
 */
export function parseJson(body: Buffer): ParsedJson {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { ok: false, reply: failure(400, 'invalid-utf8', 'The body is not valid UTF-8 text.') };
  }
  // A byte order mark is no JSON; the body is read past it, as it always was.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const reading = readBatchJson(json);
  if (reading.problem === undefined) return { ok: true, value: reading.value, text };
  return { ok: false, reply: reading.problem.code === 'json-too-deep' ? tooDeep() : malformed(json, reading.problem) };
}

export function parseJsonBody(body: Buffer): ParsedJson {
  const tooDeepReply = nestingProblem(body);
  return tooDeepReply ? { ok: false, reply: tooDeepReply } : parseJson(body);
}
