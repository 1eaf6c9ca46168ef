import { secretSpans } from './secret-spans.ts';
import { usableSecrets } from './secret-forms.ts';

/**
 * The one redaction function family for headers, URLs and free text (errors, logs). History,
 * logs, exports and the sandbox's traffic all go through it, so a secret is masked the same
 * way everywhere: `apiKey: ••••1234`, `Authorization: Bearer ••••`.
 */

export const MASK = '••••';

/** Below this length, even the last four characters give too much of a secret away. */
const MIN_LENGTH_FOR_HINT = 12;

/** Masks a secret, keeping its last four characters as a hint when it is long enough. */
export function maskSecret(secret: string): string {
  return secret.length >= MIN_LENGTH_FOR_HINT ? `${MASK}${secret.slice(-4)}` : MASK;
}

const hintedHeaders = new Set(['apikey', 'x-api-key', 'api-key']);
const schemeHeaders = new Set(['authorization', 'proxy-authorization']);
const opaqueHeaders = new Set(['cookie', 'set-cookie', 'x-auth-token', 'x-access-token']);

export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return hintedHeaders.has(lower) || schemeHeaders.has(lower) || opaqueHeaders.has(lower);
}

/** Masks one header value by its name; other headers pass through unchanged. */
export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (hintedHeaders.has(lower)) return maskSecret(value);
  if (schemeHeaders.has(lower)) {
    // Keep the scheme ("Bearer"), which tells a reader what was sent without what it was.
    const scheme = /^([A-Za-z][\w-]*)\s+\S/.exec(value)?.[1];
    return scheme ? `${scheme} ${MASK}` : MASK;
  }
  if (opaqueHeaders.has(lower)) return MASK;
  return value;
}

export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redactHeader(name, value)]));
}

const secretParams = /^(?:access_token|refresh_token|id_token|token|api[-_]?key|apikey|key|password|passwd|secret|client_secret|signature|sig|auth)$/i;

/** Masks a password in the user-info part and secret-looking query parameters. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.password) parsed.password = MASK;
  for (const name of [...parsed.searchParams.keys()]) {
    if (secretParams.test(name)) parsed.searchParams.set(name, MASK);
  }
  return parsed.toString();
}

/**
 * The one redaction of known secrets: masks every occurrence of each secret, in each form it
 * can take (see secret-spans.ts), in a text such as a response body, a header value, an error
 * message, a log line or printed output. Every value that is stored, shown, logged, exported or
 * sent to the renderer passes through it with the secrets of the environment it concerns. It
 * works by plain search, so a secret of any length is masked, and it never throws.
 */
export function redactText(text: string, secrets: readonly (string | null | undefined)[]): string {
  return masked(text, usableSecrets(secrets));
}

function masked(text: string, secrets: readonly string[]): string {
  const spans = secretSpans(text, secrets);
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let shown = 0;
  for (const [start, end] of spans) {
    parts.push(text.slice(shown, start), MASK);
    shown = end;
  }
  parts.push(text.slice(shown));
  return parts.join('');
}

/** `redactText` over every string of a value (keys included), keeping its shape, so JSON stays JSON. */
export function redactValue<T>(value: T, secrets: readonly (string | null | undefined)[]): T {
  const known = usableSecrets(secrets);
  if (known.length === 0) return value;
  const walk = (part: unknown): unknown => {
    if (typeof part === 'string') return masked(part, known);
    if (Array.isArray(part)) return part.map(walk);
    if (part !== null && typeof part === 'object') return Object.fromEntries(Object.entries(part).map(([key, child]) => [masked(key, known), walk(child)]));
    return part;
  };
  return walk(value) as T;
}

/** A last-resort error line is cut here: it is for a person, not a dump. */
const ERROR_LINE_LIMIT = 2000;

/** An error nothing else caught, as one masked line (its name and message, never its stack). */
export function redactedError(error: unknown, secrets: readonly (string | null | undefined)[]): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return redactText(message, secrets).replace(/\s+/g, ' ').slice(0, ERROR_LINE_LIMIT);
}
