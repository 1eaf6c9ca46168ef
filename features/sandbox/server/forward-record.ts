import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { redactText } from '../../../base/common/redaction/redact.ts';
import { UPSTREAM_ANSWER_LIMIT_BYTES, type UpstreamAnswer } from './forward-upstream.ts';
import { headerSecrets } from './redaction.ts';

/**
 * The upstream's answer as the traffic may show it. The SDK's password, tokens and API key pass
 * through to the upstream unchanged, so the record masks every one of them wherever it shows up:
 * in the login's token response, and in anything the upstream echoes back.
 */

const DECODERS: Readonly<Record<string, (body: Buffer, options: { maxOutputLength: number }) => Buffer>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** The answer's bytes as a person reads them: a compressed answer decoded (the client still gets it compressed). */
function readable(answer: UpstreamAnswer): string {
  const encoding = answer.headers['content-encoding']?.join(',').trim().toLowerCase() ?? 'identity';
  if (encoding === 'identity' || answer.body.length === 0) return answer.body.toString('utf8');
  const decode = DECODERS[encoding];
  if (decode === undefined) return `[${answer.body.length} bytes in the ${encoding} encoding, which the sandbox does not decode]`;
  try {
    return decode(answer.body, { maxOutputLength: UPSTREAM_ANSWER_LIMIT_BYTES }).toString('utf8');
  } catch (error) {
    return `[${answer.body.length} bytes said to be ${encoding}, which do not decode: ${(error as Error).message}]`;
  }
}

/** The string values of `fields` in a JSON object text; none when it is not one. */
function jsonStrings(text: string, fields: readonly string[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  return fields.map((field) => (parsed as Record<string, unknown>)[field]).filter((value): value is string => typeof value === 'string');
}

const ISSUED_TOKENS = ['access_token', 'refresh_token', 'id_token'];

/** The upstream's answer as the traffic may show it, and the secrets of the exchange its request headers do not show. */
export interface ShownAnswer {
  body: Buffer;
  /** A login's password and the tokens its answer issues: whoever records the exchange masks them too, in its headers as in its bodies. */
  secrets: string[];
}

/** The upstream's answer with every secret of the exchange masked: the request's, and the tokens a login answer issues. */
export function shownAnswer(answer: UpstreamAnswer, request: { headers: IncomingHttpHeaders; body: Buffer; isLogin: boolean }): ShownAnswer {
  const text = readable(answer);
  const secrets = request.isLogin ? [...jsonStrings(request.body.toString('utf8'), ['password']), ...jsonStrings(text, ISSUED_TOKENS)] : [];
  return { body: Buffer.from(redactText(text, [...headerSecrets(request.headers), ...secrets])), secrets };
}
