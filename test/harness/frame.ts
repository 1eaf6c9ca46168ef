/**
 * How the harness carries a value over HTTP, where the app's IPC structured-clones it: as one
 * line of JSON with every long string (a batch's text) taken out and sent raw after it. A
 * 29 MB batch then costs neither side an escape, an unescape or a JSON scan of 29 MB, so the
 * harness's own encoding does not dominate what is measured through it.
 *
 * A frame is `{"texts":[[path,length],…],"value":…}`, a newline, then each text in turn; each
 * text's place in the value holds null, and its path is the keys leading to it.
 */

/** Strings this long travel raw; shorter ones cost nothing worth saving in JSON. */
export const RAW_TEXT_MIN_LENGTH = 64 * 1024;

/** A lone surrogate cannot be written as UTF-8: such a text stays in the JSON, which escapes it. */
const LONE_SURROGATE = /\p{Surrogate}/u;

type Place = [path: string[], length: number];

/** The frame of `value`, in parts to write one after another (or join). */
export function encodeFrame(value: unknown): string[] {
  const places: Place[] = [];
  const texts: string[] = [];
  const paths = new WeakMap<object, string[]>();
  let root = true;
  // JSON.stringify walks the value (toJSON included) without recursion of ours; each holder's
  // path is remembered as it is entered, so a long string knows where it sat.
  const json = JSON.stringify(value ?? null, function (this: object, key: string, item: unknown) {
    const path = root ? [] : [...paths.get(this)!, key];
    root = false;
    if (typeof item === 'string' && item.length >= RAW_TEXT_MIN_LENGTH && !LONE_SURROGATE.test(item)) {
      places.push([path, item.length]);
      texts.push(item);
      return null;
    }
    if (typeof item === 'object' && item !== null) paths.set(item, path);
    return item;
  });
  return [`{"texts":${JSON.stringify(places)},"value":${json}}\n`, ...texts];
}

/** The value a frame carries; throws when the text is no frame. */
export function decodeFrame(frame: string): unknown {
  const end = frame.indexOf('\n');
  if (end < 0) throw new Error('A frame starts with one line of JSON');
  const header = JSON.parse(frame.slice(0, end)) as { texts?: unknown; value?: unknown };
  if (!Array.isArray(header.texts) || !('value' in header)) throw new Error('A frame’s first line has texts and a value');
  let value = header.value;
  let at = end + 1;
  for (const place of header.texts as unknown[]) {
    if (!isPlace(place) || at + place[1] > frame.length) throw new Error('A frame’s text has no place or is cut short');
    const text = frame.slice(at, at + place[1]);
    at += place[1];
    if (place[0].length === 0) value = text;
    else putText(value, place[0], text);
  }
  if (at !== frame.length) throw new Error('A frame has more text than its first line says');
  return value;
}

function isPlace(place: unknown): place is Place {
  return (
    Array.isArray(place) &&
    place.length === 2 &&
    Array.isArray(place[0]) &&
    place[0].every((key) => typeof key === 'string') &&
    Number.isSafeInteger(place[1]) &&
    place[1] >= 0
  );
}

/** Puts `text` where the encoder left null, following only the value's own keys (never a prototype's). */
function putText(value: unknown, path: string[], text: string): void {
  let holder = value;
  for (const key of path.slice(0, -1)) {
    if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, key)) throw new Error('A frame’s text points outside its value');
    holder = (holder as Record<string, unknown>)[key];
  }
  const last = path.at(-1)!;
  if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, last) || (holder as Record<string, unknown>)[last] !== null) {
    throw new Error('A frame’s text points outside its value');
  }
  (holder as Record<string, unknown>)[last] = text;
}
