/**
 * A plan's key names the event field whose value is the kind of event: a top-level field
 * (`token`) or, with dots, one inside it (`attributes.screen`), since SDKs often say the screen
 * or action only among the attributes. Field names with a dot in them cannot be keys.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at the key's path in the event; undefined when a step of it is missing or no object. */
export function valueAtKey(event: unknown, key: string): unknown {
  let value: unknown = event;
  for (const segment of key.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, segment)) return undefined;
    value = value[segment];
  }
  return value;
}

/** The kind the event names at the key: a non-empty text, or undefined. */
export function kindAtKey(event: unknown, key: string): string | undefined {
  const kind = valueAtKey(event, key);
  return typeof kind === 'string' && kind !== '' ? kind : undefined;
}

/** A field name as one segment of a JSON pointer (RFC 6901). */
export function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The JSON pointer of the key inside an event (`/attributes/screen`), to append to the event's own. */
export function keyPointer(key: string): string {
  return key
    .split('.')
    .map((segment) => `/${pointerSegment(segment)}`)
    .join('');
}

/** Why a key cannot be one, in words, or null: each dot must sit between two field names. */
export function keyProblem(key: string): string | null {
  if (key === '') return 'The key must name an event field.';
  if (key.split('.').some((segment) => segment === ''))
    return `The key "${key}" has an empty field name: write a field, or fields joined by dots (attributes.screen).`;
  return null;
}
