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
 * Masks every occurrence of the given secrets in a text, such as an error message that echoed
 * a header or a body. Longer secrets are replaced first so one cannot hide a part of another.
 */
export function redactText(text: string, secrets: readonly (string | null | undefined)[]): string {
  const known = [...new Set(secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4))].sort((a, b) => b.length - a.length);
  let result = text;
  for (const secret of known) result = result.split(secret).join(MASK);
  return result;
}
