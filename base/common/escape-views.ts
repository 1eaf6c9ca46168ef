/**
 * Views of a text with its JSON or URL escapes undone, up to MAX_DECODINGS layers deep, each
 * character of a view knowing the span of the text it came from. Escapes have countless forms
 * (any character may be `\uXXXX` in either case, `/` may be `\/`, any byte may be `%xx`), so a
 * secret escaped any way is found by searching the views for it as it is.
 *
 * A view costs a copy of the text, so `mayDecodeInto` first tells, in one search of the text,
 * whether any escape there could undo into a character a secret's form holds: when none can,
 * every view reads the same characters as the text where it matters and none is made.
 */

/** A text read with escapes undone; `origin` maps a span of it to a span of the original text. */
export interface View {
  text: string;
  origin(start: number, end: number): readonly [number, number];
}

/** JSON inside a JSON string inside a URL: deeper layers than this are not undone. */
const MAX_DECODINGS = 3;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** An escape at `at` (its decoded units and length), or null where the text holds none. */
type EscapeReader = (text: string, at: number) => { units: string; length: number } | null;

function hexAt(text: string, at: number, digits: number): number {
  if (at + digits > text.length) return -1;
  let value = 0;
  for (let index = at; index < at + digits; index++) {
    const unit = text.charCodeAt(index);
    const digit = unit >= 48 && unit <= 57 ? unit - 48 : unit >= 97 && unit <= 102 ? unit - 87 : unit >= 65 && unit <= 70 ? unit - 55 : -1;
    if (digit === -1) return -1;
    value = value * 16 + digit;
  }
  return value;
}

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

/** The last index of `sorted` whose value is at most `value`, -1 if none. */
function lastAtMost(sorted: Int32Array, value: number): number {
  let [low, high] = [0, sorted.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}

/**
 * The view of `view` with the escapes `read` knows undone (`pattern` finds them); null when it
 * holds none. The engine builds the text, with no pieces held in between. Only the escapes are
 * kept in its map, as a sorted table: the characters between two escapes sit at a fixed offset
 * from the text read.
 */
function undone(view: View, pattern: RegExp, read: EscapeReader): View | null {
  const { text } = view;
  const at: number[] = [];
  const from: number[] = [];
  const units: number[] = [];
  const lengths: number[] = [];
  let shift = 0;
  let consumed = 0;
  const decoded = text.replace(pattern, (found: string, start: number) => {
    // The further bytes of a character whose first `%xx` was read with them.
    if (start < consumed) return '';
    const escape = read(text, start)!;
    at.push(start + shift);
    from.push(start);
    units.push(escape.units.length);
    lengths.push(escape.length);
    shift += escape.units.length - escape.length;
    consumed = start + escape.length;
    return escape.units;
  });
  if (at.length === 0) return null;
  const table = { at: Int32Array.from(at), from: Int32Array.from(from), units: Int32Array.from(units), lengths: Int32Array.from(lengths) };
  /** The span of the text read that character `index` of the view came from. */
  const spanOf = (index: number): [number, number] => {
    const escape = lastAtMost(table.at, index);
    if (escape === -1) return [index, index + 1];
    const escapeEnd = table.from[escape]! + table.lengths[escape]!;
    if (index < table.at[escape]! + table.units[escape]!) return [table.from[escape]!, escapeEnd];
    const plain = escapeEnd + index - table.at[escape]! - table.units[escape]!;
    return [plain, plain + 1];
  };
  return { text: decoded, origin: (start, end) => view.origin(spanOf(start)[0], spanOf(end - 1)[1]) };
}

/** The escape readers, each with a pattern of its escapes (the first `%xx` of a character's bytes, for URLs). */
function decoders(plusIsSpace: boolean): [RegExp, EscapeReader][] {
  return [
    [/\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])/g, jsonEscape],
    [plusIsSpace ? /%[0-9a-fA-F]{2}|\+/g : /%[0-9a-fA-F]{2}/g, percentEscape],
  ];
}

/**
 * The views of the text with up to MAX_DECODINGS layers of JSON or URL escapes undone, in any
 * order, the text itself not included: those below a text that `worthReading` refuses are left
 * out (see mayDecodeInto). Made one at a time, depth first, so that no more than MAX_DECODINGS
 * views are held at once.
 */
export function* viewsOf(text: string, plusIsSpace: boolean, worthReading: (text: string) => boolean = () => true): Generator<View> {
  const readers = decoders(plusIsSpace);
  function* below(view: View, depth: number): Generator<View> {
    if (depth === MAX_DECODINGS || !worthReading(view.text)) return;
    for (const [pattern, read] of readers) {
      const next = undone(view, pattern, read);
      if (next === null) continue;
      yield next;
      yield* below(next, depth + 1);
    }
  }
  yield* below({ text, origin: (start, end) => [start, end] }, 0);
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
const classOf = (units: string[]) => units.map((unit) => (/[\\\]^-]/.test(unit) ? `\\${unit}` : unit)).join('');

/** The first byte of the `%xx` escapes that may undo into `unit`: the byte itself (Latin-1) and its UTF-8's lead byte. */
function leadBytes(unit: number): string[] {
  if (unit < 0x80) return [hex(unit, 2)];
  const lead = unit >= 0xd800 && unit <= 0xdfff ? ['ed', 'f0', 'f1', 'f2', 'f3', 'f4'] : [hex(unit < 0x800 ? 0xc0 | (unit >> 6) : 0xe0 | (unit >> 12), 2)];
  return unit < 0x100 ? [hex(unit, 2), ...lead] : lead;
}

/** Hex digits as escapes write them, in either case. */
const anyCase = (digits: string) => digits.replace(/[a-f]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
const HEX = '[0-9a-fA-F]';

/**
 * A pattern found wherever an escape, in any layer, may undo into one of `units` (the characters
 * of the forms searched for), else nowhere: a view finds a form that the text does not hold only
 * where an escape undid into one of its characters. Any such escape either has its syntax as it is
 * in the text (alternatives 1–3), or some of its syntax was undone from an escape first; the first
 * such character is written by an escape whose own syntax is in the text as it is, and it is
 * either the escape's start, followed by what may continue it (4), or comes after a start the text
 * holds as it is (5). Found anywhere, not only where a left-to-right reading starts an escape, so
 * that any reading is covered.
 */
export function mayDecodeInto(units: ReadonlySet<number>, plusIsSpace: boolean): RegExp {
  const list = [...units];
  const shorts = Object.keys(SHORT_ESCAPES).filter((letter) => units.has(SHORT_ESCAPES[letter]!.charCodeAt(0)));
  const alternatives = [
    // 1, 2, 3: a JSON escape, a `%xx` escape, a `+`, of one of the units.
    `\\\\u(?:${list.map((unit) => anyCase(hex(unit, 4))).join('|')})`,
    `%(?:${[...new Set(list.flatMap(leadBytes))].map(anyCase).join('|')})`,
    ...(shorts.length > 0 ? [`\\\\[${classOf(shorts)}]`] : []),
    ...(plusIsSpace && units.has(32) ? ['\\+', `\\\\u${anyCase('002b')}|%${anyCase('2b')}`] : []),
    // 4: an escape that writes `\` or `%`, followed by what may go on with the escape it starts.
    `(?:\\\\\\\\|\\\\u${anyCase('005c')}|%${anyCase('5c')})(?=[u\\\\%${classOf(shorts)}])`,
    `(?:\\\\u0025|%25)(?=[0-9a-fA-F\\\\%])`,
    // 5: `\`, `\u` and some digits, `%` and a digit (and more bytes of a character past ASCII) as they are, then an escape.
    '\\\\%',
    `\\\\u${HEX}{0,3}[\\\\%]`,
    `%${list.some((unit) => unit >= 0x80) ? `(?:${HEX}{2}(?:%${HEX}{2}){0,2}%)?` : ''}${HEX}?[\\\\%]`,
  ];
  return new RegExp(alternatives.join('|'));
}
