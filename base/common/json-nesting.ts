/**
 * How deeply the arrays and objects of a batch may nest. A batch of events needs three levels
 * (the array, an event, its attributes); the sandbox refuses any body deeper than this, and the
 * validator and the template resolver stop at the same depth, so a text nested thousands deep
 * gets one clear problem instead of a stack overflow or a parse that eats gigabytes.
 */
export const MAX_JSON_DEPTH = 64;

/** The problem, in the same words wherever it is found: the editor, the command line, a send. */
export const TOO_DEEP_MESSAGE = `Arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels. A batch needs three (the array, its events, their attributes), and the sandbox refuses anything deeper than ${MAX_JSON_DEPTH}.`;

/**
 * Whether a parsed value nests deeper than MAX_JSON_DEPTH (the outermost array or object is
 * level 1). It walks with a list of its own instead of recursion, and never below that depth,
 * so JSON.parse's answer for a sparse but deep text cannot overflow the stack of the code that
 * reads it next (JSON.stringify, a template resolver, a form).
 */
export function nestsTooDeep(value: unknown): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [part, level] = next;
    if (typeof part !== 'object' || part === null) continue;
    if (level > MAX_JSON_DEPTH) return true;
    for (const child of Array.isArray(part) ? part : Object.values(part)) pending.push([child, level + 1]);
  }
  return false;
}
