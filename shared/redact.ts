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

/** Shorter forms of a secret than this are not masked: they would hide ordinary words. */
const MIN_SECRET_FORM = 4;

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * The base64 forms of a secret: alone (padded and not), and the run of digits that stands for it
 * wherever it sits inside a longer encoded text, such as `user:password` in a Basic header. Each
 * of the three byte offsets encodes it differently; the digits that mix it with its neighbours'
 * bits are left out of the run.
 */
function base64Forms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms = [base64(bytes)];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const first = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const run = base64(padded).slice(first, end);
    forms.push(run);
  }
  return forms.flatMap((form) => [form, form.replace(/=+$/, '')]).flatMap((form) => [form, form.replaceAll('+', '-').replaceAll('/', '_')]);
}

/** JSON string escaping, as JSON.stringify writes it and as servers that escape every non-ASCII character do. */
function jsonEscaped(text: string): string[] {
  const plain = JSON.stringify(text).slice(1, -1);
  return [plain, plain.replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)];
}

function urlEncoded(text: string): string[] {
  const component = encodeURIComponent(text);
  const form = new URLSearchParams({ s: text }).toString().slice(2);
  return [component, form].flatMap((encoded) => [encoded, encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())]);
}

/**
 * Every form a secret can take in what a server sends back or a program prints: as is,
 * JSON-escaped (once, and twice for a JSON text inside a JSON string), URL-encoded (as a URL
 * component and as a form value) and base64 (standard and URL-safe).
 */
export function secretForms(secret: string): string[] {
  const escaped = jsonEscaped(secret);
  const forms = [secret, ...escaped, ...escaped.flatMap(jsonEscaped), ...urlEncoded(secret), ...base64Forms(secret)];
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_FORM);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The patterns of the sets of secrets asked for lately, newest last: the log, the sender and the
 * history (one set per environment, rows of several environments on one page) ask for the same
 * few sets again and again, and building a pattern costs far more than using it.
 */
const patterns = new Map<string, RegExp | null>();
const PATTERNS_KEPT = 16;

function patternFor(secrets: readonly (string | null | undefined)[]): RegExp | null {
  const known = [...new Set(secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_FORM))];
  const key = known.join('\u0000');
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    // Longest first, so that one secret, or one form, cannot leave a part of a longer one showing.
    const forms = [...new Set(known.flatMap(secretForms))].sort((a, b) => b.length - a.length);
    pattern = forms.length === 0 ? null : new RegExp(forms.map(escapeRegExp).join('|'), 'g');
    if (patterns.size >= PATTERNS_KEPT) patterns.delete(patterns.keys().next().value!);
  } else {
    patterns.delete(key);
  }
  patterns.set(key, pattern);
  return pattern;
}

/**
 * The one redaction of known secrets: masks every occurrence of each secret, in each form it
 * can take (see `secretForms`), in a text such as a response body, a header value, an error
 * message, a log line or printed output. Every value that is stored, shown, logged, exported or
 * sent to the renderer passes through it with the secrets of the environment it concerns.
 */
export function redactText(text: string, secrets: readonly (string | null | undefined)[]): string {
  const pattern = patternFor(secrets);
  return pattern === null ? text : text.replace(pattern, MASK);
}

/** `redactText` over every string of a value (keys included), keeping its shape, so JSON stays JSON. */
export function redactValue<T>(value: T, secrets: readonly (string | null | undefined)[]): T {
  if (patternFor(secrets) === null) return value;
  const walk = (part: unknown): unknown => {
    if (typeof part === 'string') return redactText(part, secrets);
    if (Array.isArray(part)) return part.map(walk);
    if (part !== null && typeof part === 'object') return Object.fromEntries(Object.entries(part).map(([key, child]) => [redactText(key, secrets), walk(child)]));
    return part;
  };
  return walk(value) as T;
}
