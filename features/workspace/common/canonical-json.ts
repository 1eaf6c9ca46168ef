/**
 * The one way EventDesk writes a workspace file, so that git sees only real changes: 2-space
 * indent, LF line ends, a trailing newline, and a stable key order. The file's own keys (`order`,
 * its schema's order) come first in that order; any other key follows in the order it came;
 * keys of nested objects keep the order they came in (a JSON reader keeps it too, except that
 * JavaScript puts integer-like keys such as "10" first, which any later write repeats the same).
 * So text written here, read back and written again is the same bytes, and changing one scalar
 * field changes one line.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function canonicalJson(value: unknown, order: readonly string[] = []): string {
  if (!isPlainObject(value)) return `${JSON.stringify(value, null, 2)}\n`;
  const ordered: Record<string, unknown> = {};
  for (const key of order) if (Object.hasOwn(value, key)) ordered[key] = value[key];
  for (const key of Object.keys(value)) if (!Object.hasOwn(ordered, key)) ordered[key] = value[key];
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
