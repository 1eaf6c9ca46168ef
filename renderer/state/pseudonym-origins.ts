import { pseudonymInput } from '../../shared/events/pseudonym-shapes.ts';
import { MAX_PSEUDONYM_ORIGINS, PSEUDONYM_ORIGIN_MAX } from '../../shared/submission.ts';

/**
 * The original customer and device ids each open batch was pseudonymized from, by the pseudonym
 * that replaced them: in this page's memory only, so that a send of the batch can leave a note
 * of them in the local history (searchable by the real customer) and nowhere else.
 */

type Origin = { kind: 'customer' | 'device'; original: string };

const byBatch = new Map<string, Map<string, Origin>>();

const KINDS = (['customer', 'device'] as const).map((kind) => ({ kind, prefix: pseudonymInput({ kind, value: '' }) }));

/** After a pseudonymize is applied to the batch: its replacements (keyed as pseudonymInput keys them), of which the customer and device ids are kept. */
export function rememberOrigins(batchId: string, replacements: ReadonlyMap<string, string>): void {
  const origins = byBatch.get(batchId) ?? new Map<string, Origin>();
  for (const [input, pseudonym] of replacements) {
    const known = KINDS.find(({ prefix }) => input.startsWith(prefix));
    if (known) origins.set(pseudonym, { kind: known.kind, original: input.slice(known.prefix.length) });
  }
  if (origins.size > 0) byBatch.set(batchId, origins);
}

export function forgetOrigins(batchId: string): void {
  byBatch.delete(batchId);
}

/** A customer_id or device_id string value of the text, read in one pass without parsing the (maybe 29 MB) batch. */
const ID_VALUE = /"(?:customer_id|device_id)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/**
 * The original ids whose pseudonyms `text` still holds as a customer_id or device_id, customers
 * first: an undo or an edit that took a pseudonym out takes its original out of the note.
 */
export function originsIn(batchId: string, text: string): string[] {
  const origins = byBatch.get(batchId);
  if (!origins) return [];
  const present = new Set<string>();
  for (const match of text.matchAll(ID_VALUE)) present.add(JSON.parse(`"${match[1]!}"`) as string);
  const kept = [...origins].filter(([pseudonym]) => present.has(pseudonym)).map(([, origin]) => origin);
  const originals = [...kept.filter((origin) => origin.kind === 'customer'), ...kept.filter((origin) => origin.kind === 'device')].map((origin) => origin.original.slice(0, PSEUDONYM_ORIGIN_MAX));
  return [...new Set(originals)].slice(0, MAX_PSEUDONYM_ORIGINS);
}
