import { batchSearchText } from '../../history/node/history-search.ts';
import type { PreparedBatch } from './sending-batch.ts';
import type { ChunkRange, SubmissionStore } from '../../history/node/submissions.ts';

/**
 * Writing a send's record a step at a time (generators run in slices, slices.ts): its chunks
 * and batch before the first byte, then the batch's search rows while the chunks go.
 */

/** Chunk rows recorded per step, and parts indexed per query when a crash left some unindexed. */
const CHUNKS_PER_STEP = 1000;
const PARTS_PER_QUERY = 16;

/** Records a new submission's chunks, then its batch: all of it before the first byte. */
export function* recording(submissions: SubmissionStore, submissionId: string, chunks: readonly ChunkRange[], prepared: PreparedBatch): Generator<void, void> {
  for (let at = 0; at < chunks.length; at += CHUNKS_PER_STEP) {
    submissions.addChunks(submissionId, chunks.slice(at, at + CHUNKS_PER_STEP));
    yield;
  }
  for (const part of prepared.parts) {
    submissions.addBatchParts(submissionId, [part]);
    yield;
  }
}

/** Writes the search rows of a new submission's batch, a part a step, from the values the send read. */
export function* indexingSent(submissions: SubmissionStore, submissionId: string, prepared: PreparedBatch): Generator<void, void> {
  for (const part of prepared.parts) {
    submissions.indexBatchPart(submissionId, part.firstEvent, part.searchText);
    yield;
  }
}

/** Writes the search rows a crash kept from being written (the send's events are gone: each part is read again). */
export function* indexingLeftOver(submissions: SubmissionStore): Generator<void, void> {
  for (let parts = submissions.unindexedParts(PARTS_PER_QUERY); parts.length > 0; parts = submissions.unindexedParts(PARTS_PER_QUERY)) {
    for (const part of parts) {
      submissions.indexBatchPart(part.submissionId, part.firstEvent, batchSearchText(`[${part.events}]`));
      yield;
    }
  }
}
