import { searchableWords } from '../common/history.ts';

/**
 * What the history's full-text search indexes, and how a user's words become an FTS5 query.
 *
 * Why FTS5 and not indexed columns: support staff search by customer_id or device_id, but
 * also by "any attribute value", a word of a response or of their own note. Indexed columns
 * would need one row per (submission, value) for the values and still leave the responses
 * and notes to a full scan; one FTS5 index answers all of them with the same query, and a
 * word's prefix ("cust-4") too. The tables are contentless (the text already lives in the
 * batch and chunk rows) with contentless_delete, so the index adds only its own b-tree.
 *
 * Since version 7 a batch is recorded in parts of consecutive events, and `search_events` has
 * one row per part (keyed by the part's id), written part by part in short transactions, so a
 * big send never indexes its whole batch in one go. A submission is found when each word the
 * user typed is in any of its parts or notes, as when it had one row.
 *
 * Since version 8 the tokenizer ends a word at every character that is neither a letter nor a
 * digit, the separators of identifiers (`-`, `_`, `.`, `:`, `/`, `@`) included, so each part
 * of an id is a word of its own: `7781` finds `cust-7781`, `example` finds `ann@example.com`.
 * What the user types is split the same way: FTS5 reads a quoted word as the phrase of its
 * parts, so `cust-7781`, a UUID or `19.99` is found whole as before, and `cust-77` by its start.
 */

export const SEARCH_TOKENIZER = 'unicode61 remove_diacritics 2';

/** Adds every leaf value (strings, numbers, booleans) of `value` to `into`, keys left out. */
export function collectSearchValues(value: unknown, into: Set<string>): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object') {
    for (const child of Array.isArray(value) ? value : Object.values(value)) collectSearchValues(child, into);
    return;
  }
  into.add(String(value));
}

/** The searchable text of the values collected: each distinct value once, one per line. */
export function valuesSearchText(values: ReadonlySet<string>): string {
  return [...values].join('\n');
}

/** The searchable text of a batch's text (or of a part of it, as `[e1,e2,…]`), or '' when it is not JSON. */
export function batchSearchText(batch: string): string {
  let events: unknown;
  try {
    events = JSON.parse(batch);
  } catch {
    return '';
  }
  const values = new Set<string>();
  collectSearchValues(events, values);
  return valuesSearchText(values);
}

/** The searchable text of what came back, of the user's words and of the ids a send was pseudonymized from. */
export function notesSearchText(parts: { label: string; note: string; responses: readonly string[]; pseudonymizedFrom?: readonly string[] }): string {
  return [parts.label, parts.note, ...(parts.pseudonymizedFrom ?? []), ...parts.responses].filter((part) => part.length > 0).join('\n');
}

/**
 * One FTS5 query per searchable word the user typed (all must match, each from its start, or
 * from the start of a part after a separator). Each word is quoted, so FTS5 syntax in it (AND,
 * *, ", :) is just text, and a word with separators is the phrase of its parts.
 */
export function searchWords(search: string): string[] {
  return searchableWords(search).map((word) => `"${word.replaceAll('"', '""')}"*`);
}
