import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { failure, type Reply } from './route.ts';
import type { TokenStore } from './tokens.ts';

/** The two credentials of service-api.md §4 that every authenticated call carries. */

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares secrets in a time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A wrong API key is a 403: the caller is not let in at all, whoever the user is. The known
 * keys are hashed once, here, rather than on every request: each call hashes only the key given.
 */
export function apiKeyCheck(apiKeys: readonly string[]): (headers: IncomingHttpHeaders) => Reply | null {
  const known = apiKeys.map(digest);
  return (headers) => {
    const given = headers.apikey;
    if (typeof given !== 'string' || given === '') return failure(403, 'missing-api-key', 'The apiKey header is missing.');
    const givenDigest = digest(given);
    return known.some((key) => timingSafeEqual(givenDigest, key)) ? null : failure(403, 'unknown-api-key', 'The apiKey header does not hold a known API key.');
  };
}

/** RFC 6750: a bearer token is b64token characters after the scheme, which is case-insensitive. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

function unauthorized(error: string, message: string, tokenError: boolean): Reply {
  const reply = failure(401, error, message);
  reply.headers = { 'WWW-Authenticate': tokenError ? 'Bearer realm="sandbox", error="invalid_token"' : 'Bearer realm="sandbox"' };
  return reply;
}

export function checkBearer(headers: IncomingHttpHeaders, tokens: TokenStore): Reply | null {
  const header = headers.authorization;
  if (header === undefined || header === '') return unauthorized('missing-token', 'The Authorization header is missing: send "Bearer <access_token>".', false);
  const match = BEARER.exec(header);
  if (!match) return unauthorized('malformed-authorization', 'The Authorization header must be "Bearer <access_token>".', false);
  switch (tokens.check(match[1]!)) {
    case 'valid':
      return null;
    case 'expired':
      return unauthorized('expired-token', 'The access token has expired: log in again.', true);
    case 'unknown':
      return unauthorized('unknown-token', 'The access token is not one this server issued.', true);
  }
}
