/**
 * Where known secrets sit in a text, in every form this file knows, found by plain string search
 * so that no secret is too long to look for: one pattern of all forms stops compiling past ~45 KB.
 *
 * Escapes have countless forms (any character may be `\uXXXX` in either case, `/` may be `\/`,
 * any byte may be `%xx`), so the text is read through views that undo them, up to
 * MAX_DECODINGS layers deep, each character of a view knowing the span of the text it came from.
 * Encodings have a few fixed forms, so those of the secret are searched for: base64 and base64url
 * at each byte offset (inside a longer value such as `user:password`), also of the secret as JSON
 * writers escape it, and hex in either case.
 */

/** A text read with one layer of escapes undone; `origin` maps a span of it to a span of the original text. */
interface View {
  text: string;
  origin(start: number, end: number): readonly [number, number];
}

/** JSON inside a JSON string inside a URL: deeper layers than this are not undone. */
const MAX_DECODINGS = 3;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** An escape at `at` (its decoded units and length), or null where the text holds none. */
type EscapeReader = (text: string, at: number) => { units: string; length: number } | null;

const hexAt = (text: string, at: number, digits: number): number => {
  const part = text.slice(at, at + digits);
  return part.length === digits && /^[0-9a-fA-F]+$/.test(part) ? Number.parseInt(part, 16) : -1;
};

const jsonEscape: EscapeReader = (text, at) => {
  const next = text[at + 1];
  if (next === 'u') {
    const unit = hexAt(text, at + 2, 4);
    return unit === -1 ? null : { units: String.fromCharCode(unit), length: 6 };
  }
  return next !== undefined && Object.hasOwn(SHORT_ESCAPES, next) ? { units: SHORT_ESCAPES[next]!, length: 2 } : null;
};

/** `%xx` as URL encoding writes one character (its UTF-8 bytes), a lone byte as the Latin-1 character; `+` as a space. */
const percentEscape: EscapeReader = (text, at) => {
  if (text[at] === '+') return { units: ' ', length: 1 };
  const lead = hexAt(text, at + 1, 2);
  if (lead === -1) return null;
  const continuations = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc2 && lead < 0xe0 ? 1 : 0;
  let codePoint = continuations === 0 ? lead : lead & (0x3f >> continuations);
  for (let index = 1; index <= continuations; index++) {
    const byte = text[at + 3 * index] === '%' ? hexAt(text, at + 3 * index + 1, 2) : -1;
    if (byte < 0x80 || byte > 0xbf) return { units: String.fromCharCode(lead), length: 3 };
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return codePoint > 0x10ffff ? { units: String.fromCharCode(lead), length: 3 } : { units: String.fromCodePoint(codePoint), length: 3 * (continuations + 1) };
};

/** The view of `view` with the escapes `read` knows undone; null when it holds none (`pattern` finds where one may start). */
function undone(view: View, pattern: RegExp, read: EscapeReader): View | null {
  const { text } = view;
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return null;
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  const parts: string[] = [];
  let length = 0;
  let copied = 0;
  const keep = (upTo: number) => {
    parts.push(text.slice(copied, upTo));
    for (let at = copied; at < upTo; at++, length++) {
      starts[length] = at;
      ends[length] = at + 1;
    }
  };
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const escape = read(text, match.index);
    if (escape === null) continue;
    keep(match.index);
    parts.push(escape.units);
    for (let unit = 0; unit < escape.units.length; unit++, length++) {
      starts[length] = match.index;
      ends[length] = match.index + escape.length;
    }
    copied = match.index + escape.length;
    pattern.lastIndex = copied;
  }
  keep(text.length);
  return { text: parts.join(''), origin: (start, end) => view.origin(starts[start]!, ends[end - 1]!) };
}

/** The text and every view of it with up to MAX_DECODINGS layers of JSON or URL escapes undone. */
function viewsOf(text: string, plusIsSpace: boolean): View[] {
  const decoders: [RegExp, EscapeReader][] = [
    [/\\/g, jsonEscape],
    [plusIsSpace ? /[%+]/g : /%/g, percentEscape],
  ];
  const views: View[] = [{ text, origin: (start, end) => [start, end] }];
  let layer = views;
  for (let depth = 0; depth < MAX_DECODINGS && layer.length > 0; depth++) {
    layer = layer.flatMap((view) => decoders.map(([pattern, read]) => undone(view, pattern, read)).filter((next): next is View => next !== null));
    views.push(...layer);
  }
  return views;
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

/** One form searched for; an encoded one also takes the encoding's digits around it that mix in the secret's bits. */
interface Needle {
  form: string;
  encoded: boolean;
}

/** The forms of one secret, each family worked out when a text long enough to hold it comes: a long secret's encodings are long. */
interface SecretForms {
  /** The forms that fit in a text this long. */
  within(length: number): Needle[];
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

function secretForms(secret: string): SecretForms {
  const plain: Needle = { form: secret, encoded: false };
  let escaped: Needle[] | undefined;
  let base64: Needle[] | undefined;
  let hex: Needle[] | undefined;
  return {
    within(length) {
      const needles = [plain];
      if (length >= secret.length) needles.push(...(escaped ??= escapedNeedles(secret)));
      // A secret's UTF-8 takes at least as many bytes as it has units, its base64 4/3 digits a byte.
      if (length >= Math.floor((secret.length * 4) / 3) - 2) needles.push(...(base64 ??= base64Needles(secret)));
      if (length >= secret.length * 2) needles.push(...(hex ??= hexNeedles(secret)));
      return needles;
    },
  };
}

/** Shorter secrets are not looked for in free text: they would hide ordinary words. */
export const MIN_SECRET_LENGTH = 4;

/** Secrets whose forms are kept between calls (the same few sets come again and again), first in first out; a long one's are made afresh. */
const formsKept = new Map<string, SecretForms>();
const FORMS_KEPT = 64;
const LONGEST_KEPT = 16 * 1024;

function formsOf(secret: string): SecretForms {
  const kept = formsKept.get(secret);
  if (kept !== undefined) return kept;
  const forms = secretForms(secret);
  if (secret.length <= LONGEST_KEPT) {
    if (formsKept.size >= FORMS_KEPT) formsKept.delete(formsKept.keys().next().value!);
    formsKept.set(secret, forms);
  }
  return forms;
}

/** The secrets worth looking for: strings, long enough, each once. */
export function usableSecrets(secrets: readonly (string | null | undefined)[]): string[] {
  return [...new Set(secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH))];
}

const isEncodingDigit = (unit: string | undefined) => unit !== undefined && /^[A-Za-z0-9+/_-]$/.test(unit);

/** Every span of `text` that holds a secret in some form, sorted and merged: [start, end) pairs. */
export function secretSpans(text: string, secrets: readonly string[]): [number, number][] {
  // No form of a secret is shorter than it, but for its base64 inside a longer value: most strings of a value are.
  if (!secrets.some((secret) => text.length >= Math.min(secret.length, Math.floor((secret.length * 4) / 3) - 2))) return [];
  const forms = secrets.map(formsOf);
  const spans: [number, number][] = [];
  for (const view of viewsOf(text, secrets.some((secret) => secret.includes(' ')))) {
    const seen = view.text;
    for (const { form, encoded } of forms.flatMap((secret) => secret.within(seen.length))) {
      for (let at = seen.indexOf(form); at !== -1; at = seen.indexOf(form, at + form.length)) {
        let [start, end] = [at, at + form.length];
        if (encoded) {
          if (isEncodingDigit(seen[start - 1])) start--;
          if (isEncodingDigit(seen[end])) end++;
          while (seen[end] === '=' && end < at + form.length + 3) end++;
        }
        spans.push([...view.origin(start, end)]);
      }
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}
