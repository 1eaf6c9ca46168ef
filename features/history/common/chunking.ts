/**
 * Splits a resolved batch into the requests that carry it: consecutive events, at most
 * `chunkSize` of them and at most `maxChunkBytes` bytes of request body each. The body of a
 * chunk is the JSON array of its events' texts, `[e1,e2,…]`, exactly as `chunkBody` builds it.
 */

export interface ChunkLimits {
  /** Events per request. */
  chunkSize: number;
  /** UTF-8 bytes of the request body. */
  maxChunkBytes: number;
}

export interface PlannedChunk {
  firstEvent: number;
  eventCount: number;
  /** UTF-8 bytes of the chunk's body. */
  bytes: number;
  /** A single event whose body alone is over maxChunkBytes: sent anyway, and worth a warning. */
  oversized: boolean;
}

/** UTF-8 length of a string without encoding it; a lone surrogate counts as U+FFFD (3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function planChunks(eventTexts: readonly string[], limits: ChunkLimits): PlannedChunk[] {
  return planChunksBySize(eventTexts.map(utf8Length), limits);
}

/** planChunks from each event's UTF-8 length, for a caller that measured the events as it made them. */
export function planChunksBySize(eventBytes: readonly number[], limits: ChunkLimits): PlannedChunk[] {
  const chunkSize = Math.max(1, Math.floor(limits.chunkSize));
  const chunks: PlannedChunk[] = [];
  let first = 0;
  let count = 0;
  let bytes = 2; // the brackets
  const close = () => {
    if (count > 0) chunks.push({ firstEvent: first, eventCount: count, bytes, oversized: count === 1 && bytes > limits.maxChunkBytes });
  };
  for (let index = 0; index < eventBytes.length; index++) {
    const size = eventBytes[index]!;
    // One more event costs its bytes and, after the first, a comma.
    if (count > 0 && (count >= chunkSize || bytes + 1 + size > limits.maxChunkBytes)) {
      close();
      first = index;
      count = 0;
      bytes = 2;
    }
    bytes += (count > 0 ? 1 : 0) + size;
    count++;
  }
  close();
  return chunks;
}

/** The request body of events [firstEvent, firstEvent + eventCount): their texts as a JSON array. */
export function chunkBody(eventTexts: readonly string[], firstEvent: number, eventCount: number): string {
  return `[${eventTexts.slice(firstEvent, firstEvent + eventCount).join(',')}]`;
}
