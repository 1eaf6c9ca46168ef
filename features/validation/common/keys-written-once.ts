/**
 * Whether a batch text writes some key twice in one object, which JSON.parse forgives by
 * keeping the last value. Finding where costs a walk over the text; proving that nowhere is
 * far cheaper, by counting commas.
 *
 * Outside its strings, a text JSON.parse accepted has a comma exactly between two members of
 * an object or two elements of an array. The parsed value has the same arrays, of the same
 * lengths, and for each object in the text one with at most as many members: fewer when a key
 * is written twice, and one member fewer means one comma fewer. Objects and strings inside a
 * value that a repeated key lost are in the text only. So the commas of the text are at least
 * the separators of the parsed value, and the same number proves no key is written twice.
 * When strings hold commas (a user agent, an address), the commas in the parsed strings count
 * too; that holds only while no string spells a comma as an escape, which has fewer in the text.
 */

const COMMA = ',';
const ESCAPED_COMMAS = ['\\u002c', '\\u002C'];

/** One indexOf per comma: far cheaper than reading the text a character at a time. */
function commasIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(COMMA); at !== -1; at = text.indexOf(COMMA, at + 1)) count++;
  return count;
}

/** The commas between the `members` members of an object, or elements of an array. */
export function separators(members: number): number {
  return members > 1 ? members - 1 : 0;
}

/** What a JSON text of a value needs: commas (see commasOf), and how many levels its arrays and objects nest (0 for none). */
export interface ValueShape {
  commas: number;
  depth: number;
}

/**
 * The commas a JSON text of `value` needs between members and elements and, with `inStrings`,
 * those inside its keys and string values. Containers wait on a list, each with its level,
 * rather than in recursion, so a value nested ten thousand deep costs no stack.
 */
function commasOf(value: unknown, inStrings: boolean): ValueShape {
  let count = 0;
  let depth = 0;
  const pending: object[] = [];
  const levels: number[] = [];
  const visit = (item: unknown, level: number) => {
    if (typeof item === 'object' && item !== null) {
      pending.push(item);
      levels.push(level);
    } else if (inStrings && typeof item === 'string') count += commasIn(item);
  };
  visit(value, 1);
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    const level = levels.pop()!;
    if (level > depth) depth = level;
    if (Array.isArray(container)) {
      count += separators(container.length);
      for (const element of container) visit(element, level + 1);
      continue;
    }
    const object = container as Record<string, unknown>;
    let members = 0;
    for (const key in object) {
      members++;
      if (inStrings) count += commasIn(key);
      visit(object[key], level + 1);
    }
    count += separators(members);
  }
  return { commas: count, depth };
}

/**
 * The commas a JSON text of `value` needs between members and elements, at every depth, and
 * how deep it nests: the same walk gives the nesting limit (json-nesting.ts) what it needs.
 */
export function shapeOf(value: unknown): ValueShape {
  return commasOf(value, false);
}

/**
 * True when `batch`, the JSON.parse of `text`, proves that `text` writes no key twice in any
 * object; false when it may. `batchSeparators` is shapeOf(batch).commas, which the checks of the
 * events count as they read them.
 */
export function everyKeyWrittenOnce(text: string, batch: readonly unknown[], batchSeparators: number): boolean {
  const written = commasIn(text);
  if (written === batchSeparators) return true;
  if (ESCAPED_COMMAS.some((escape) => text.includes(escape))) return false;
  return written === commasOf(batch, true).commas;
}
