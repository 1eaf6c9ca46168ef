import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { isSecretHeader, MASK, redactHeaders as redactHeaderTexts, redactUrl } from '../../../base/common/redaction/redact.ts';

/**
 * The traffic is shown in the app, served to tools and written to a log file, so nothing
 * secret goes into it: not the API key, not a token, not a password.
 */

/** Header values as text, names in lower case, secrets masked as everywhere else in the app. */
export function redactHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) texts[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return redactHeaderTexts(texts);
}

/** The password of `Basic base64(user:password)`, which a server may echo decoded; none for another scheme. */
function basicPassword(value: string): string[] {
  const encoded = /^basic\s+([A-Za-z0-9+/=_-]+)$/i.exec(value.trim())?.[1];
  if (encoded === undefined) return [];
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? [] : [decoded.slice(colon + 1)];
}

/**
 * The secrets this request carried in its headers: an API key, a bearer token (and a Basic
 * header's password), a cookie's values. Each is masked wherever it shows up in what is recorded
 * of the exchange, the upstream's answer included.
 */
export function headerSecrets(headers: IncomingHttpHeaders): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !isSecretHeader(name)) continue;
    const scheme = /authorization$/i.test(name);
    for (const text of Array.isArray(value) ? value : [value]) {
      // `Bearer abc`: the token itself is the secret, wherever it shows up (and within the header's whole value).
      if (scheme) found.push(text.replace(/^[A-Za-z][\w-]*\s+/, ''), ...basicPassword(text));
      else found.push(text);
      if (/cookie$/i.test(name)) found.push(...text.split(';').map((cookie) => cookie.slice(cookie.indexOf('=') + 1).trim()));
    }
  }
  return found;
}

/** A request target with secret-looking query parameters masked (`?access_token=••••`); the path as sent. */
export function redactTarget(target: string): string {
  const queryStart = target.indexOf('?');
  if (queryStart === -1) return target;
  return target.slice(0, queryStart) + new URL(redactUrl(`http://sandbox${target}`)).search;
}

/**
 * A login body as the traffic shows it: only a string `username` is kept. Every other value
 * is masked, because a client that misnames the password field has still sent its password,
 * and a body that is not a JSON object is masked whole for the same reason.
 */
export function redactLoginBody(body: Buffer): Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return Buffer.from(MASK);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return Buffer.from(MASK);
  const shown = Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, key === 'username' && typeof value === 'string' ? value : MASK]));
  return Buffer.from(JSON.stringify(shown));
}
