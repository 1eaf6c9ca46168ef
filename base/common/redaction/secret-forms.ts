/**
 * The forms of a secret that are searched for as they are: the secret, its common escaped forms,
 * and its encodings, which have a few fixed forms (base64 and base64url at each byte offset, inside
 * a longer value such as `user:password`, also of the secret as JSON writers escape it, and hex in
 * either case). Escapes of any other shape are undone by the views of escape-views.ts.
 */

/** Shorter secrets are not looked for in free text: they would hide ordinary words. */
export const MIN_SECRET_LENGTH = 4;

/** One form searched for; an encoded one also takes the encoding's digits around it that mix in the secret's bits. */
export interface Needle {
  form: string;
  encoded: boolean;
}

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ascii = new TextDecoder();
const utf8 = new TextEncoder();

/** Base64 of `bytes` placed `offset` bytes into a value, only the digits that hold none of the neighbours' bits. */
function base64Run(bytes: Uint8Array, offset: number): string {
  const end = offset + bytes.length;
  const digits = new Uint8Array(Math.floor((end * 8) / 6) - Math.ceil((offset * 8) / 6));
  const first = Math.ceil((offset * 8) / 6);
  for (let index = 0; index < digits.length; index++) {
    const bit = (first + index) * 6 - offset * 8;
    const byte = bit >> 3;
    const pair = (bytes[byte]! << 8) | (bytes[byte + 1] ?? 0);
    digits[index] = BASE64_DIGITS.charCodeAt((pair >> (10 - (bit & 7))) & 0x3f);
  }
  return ascii.decode(digits);
}

function hexOf(bytes: Uint8Array): string {
  const digits = new Uint8Array(bytes.length * 2);
  const hex = '0123456789abcdef';
  bytes.forEach((byte, index) => {
    digits[2 * index] = hex.charCodeAt(byte >> 4);
    digits[2 * index + 1] = hex.charCodeAt(byte & 15);
  });
  return ascii.decode(digits);
}

const toAsciiEscapes = (json: string) => json.replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The secret as JSON writers put it in a string, for the base64 of a JSON text (escapes inside
 * base64 cannot be undone by a view): JSON.stringify, Python's json.dumps (non-ASCII as \uXXXX),
 * PHP's json_encode (that, and `\/`) and Go's encoding/json (`<`, `>`, `&` as \u003c…).
 */
function jsonWritten(secret: string): string[] {
  const plain = JSON.stringify(secret).slice(1, -1);
  const go = plain.replace(/[<>&\u2028\u2029]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [plain, toAsciiEscapes(plain), toAsciiEscapes(plain).replaceAll('/', '\\/'), go];
}

/** As a URL component and as a form value, hex digits in either case; none for text that is not valid UTF-16. */
function urlEncoded(secret: string): string[] {
  let forms: string[];
  try {
    forms = [encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
  } catch {
    // An unpaired surrogate (URIError): the views still find it as `%ed%a0%80` and the like.
    return [];
  }
  return forms.flatMap((form) => [form, form.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())]);
}

/**
 * The common escaped forms are searched as they are, as well as through the views: a view that
 * starts reading an escape one character early (`%0` before `0%20`) reads past the secret's own.
 */
function escapedNeedles(secret: string): Needle[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [json, toAsciiEscapes(json), JSON.stringify(json).slice(1, -1), ...urlEncoded(secret)];
  return [...new Set(forms)].filter((form) => form !== secret).map((form) => ({ form, encoded: false }));
}

function base64Needles(secret: string): Needle[] {
  const runs = new Set<string>();
  for (const written of new Set([secret, ...jsonWritten(secret)])) {
    const bytes = utf8.encode(written);
    for (let offset = 0; offset < 3; offset++) {
      const run = base64Run(bytes, offset);
      runs.add(run).add(run.replaceAll('+', '-').replaceAll('/', '_'));
    }
  }
  return [...runs].filter((run) => run.length >= MIN_SECRET_LENGTH).map((form) => ({ form, encoded: true }));
}

function hexNeedles(secret: string): Needle[] {
  const hex = hexOf(utf8.encode(secret));
  return [hex, hex.toUpperCase()].map((form) => ({ form, encoded: false }));
}

/** The families of forms of one secret that fit in a text this long, as a mask: a long secret's encodings are long, and made only when needed. */
export function familiesWithin(secret: string, length: number): number {
  // A secret's UTF-8 takes at least as many bytes as it has units, its base64 4/3 digits a byte.
  return (length >= secret.length ? 1 : 0) | (length >= Math.floor((secret.length * 4) / 3) - 2 ? 2 : 0) | (length >= secret.length * 2 ? 4 : 0);
}

/** The forms of one secret in the families of `mask` (see familiesWithin); the secret itself always. */
export function needlesOf(secret: string, mask: number): Needle[] {
  return [
    { form: secret, encoded: false },
    ...(mask & 1 ? escapedNeedles(secret) : []),
    ...(mask & 2 ? base64Needles(secret) : []),
    ...(mask & 4 ? hexNeedles(secret) : []),
  ];
}

/** The secrets worth looking for: strings, long enough, each once. */
export function usableSecrets(secrets: readonly (string | null | undefined)[]): string[] {
  return [...new Set(secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH))];
}
