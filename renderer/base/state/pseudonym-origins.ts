import type { PseudonymOrigin } from '../../../features/documents/common/draft.ts';
import { pseudonymInput } from '../../../features/transforms/common/pseudonym-shapes.ts';
import { MAX_PSEUDONYM_ORIGINS, PSEUDONYM_ORIGIN_MAX } from '../../../features/history/common/submission.ts';

/**
 * The original customer and device ids each open batch was pseudonymized from, by the pseudonym
 * that replaced them, so that a send of the batch can leave a note of them in the local history
 * (searchable by the real customer) and nowhere else. The autosave keeps them beside the batch's
 * draft, so a restart or a reload does not lose them.
 */

type Origin = Omit<PseudonymOrigin, 'pseudonym'>;

const byBatch = new Map<string, Map<string, Origin>>();
const listeners = new Set<(batchId: string) => void>();

const KINDS = (['customer', 'device'] as const).map((kind) => ({ kind, prefix: pseudonymInput({ kind, value: '' }) }));

/** After a pseudonymize is applied to the batch: its replacements (keyed as pseudonymInput keys them), of which the customer and device ids are kept. */
export function rememberOrigins(batchId: string, replacements: ReadonlyMap<string, string>): void {
  const origins = byBatch.get(batchId) ?? new Map<string, Origin>();
  const before = origins.size;
  for (const [input, pseudonym] of replacements) {
    const known = KINDS.find(({ prefix }) => input.startsWith(prefix));
    if (known) origins.set(pseudonym, { kind: known.kind, original: input.slice(known.prefix.length) });
  }
  if (origins.size === 0) return;
  byBatch.set(batchId, origins);
  if (origins.size !== before) for (const listener of listeners) listener(batchId);
}

/** The batch's reopened draft's origins, as originsToKeep gave them. */
export function restoreOrigins(batchId: string, origins: readonly PseudonymOrigin[]): void {
  if (origins.length > 0) byBatch.set(batchId, new Map(origins.map(({ pseudonym, ...origin }) => [pseudonym, origin])));
}

export function forgetOrigins(batchId: string): void {
  byBatch.delete(batchId);
}

/** Calls `listener` with the batch whenever a pseudonymize adds to its origins; returns the function that stops it. */
export function onOriginsRemembered(listener: (batchId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const customersFirst = <T extends Origin>(origins: readonly T[]): T[] => [
  ...origins.filter((origin) => origin.kind === 'customer'),
  ...origins.filter((origin) => origin.kind === 'device'),
];

/**
 * The batch's origins as its draft keeps them, bounded like the send's note: customers first,
 * at most MAX_PSEUDONYM_ORIGINS, each original cut as the note cuts it. A pseudonym longer than
 * the bound (of a customer id of hundreds of digits) is left out: it could not be matched whole.
 */
export function originsToKeep(batchId: string): PseudonymOrigin[] {
  const origins = [...(byBatch.get(batchId) ?? [])].map(([pseudonym, origin]) => ({
    pseudonym,
    ...origin,
    original: origin.original.slice(0, PSEUDONYM_ORIGIN_MAX),
  }));
  return customersFirst(origins.filter((origin) => origin.pseudonym.length <= PSEUDONYM_ORIGIN_MAX)).slice(0, MAX_PSEUDONYM_ORIGINS);
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
  const originals = customersFirst(kept).map((origin) => origin.original.slice(0, PSEUDONYM_ORIGIN_MAX));
  return [...new Set(originals)].slice(0, MAX_PSEUDONYM_ORIGINS);
}
