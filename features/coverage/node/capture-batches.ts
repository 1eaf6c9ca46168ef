import type { CaptureSelection } from '../common/capture-coverage.ts';
import type { CaptureStore } from '../../capture/node/capture-store.ts';
import { batchEvents } from '../../history/node/batch-array.ts';

/**
 * The events of what the sandbox captured, a request at a time, oldest first: what the Sandbox
 * tab's plan coverage, the draft dialog's "the capture" and `eventdesk plan coverage|infer
 * --capture` read. Only the requests there when the reading began are read, so a sandbox still
 * receiving a flood does not keep it going; each request's body is parsed when its turn comes.
 */

export interface CaptureReading {
  /** Captured requests when the reading began. */
  readonly requests: number;
  /** Requests read so far. */
  read: number;
  /** Of them, those whose events were taken. */
  matching: number;
}

function inRange(receivedAt: string, selection: Pick<CaptureSelection, 'from' | 'to'>): boolean {
  const time = Date.parse(receivedAt);
  return (selection.from === null || time >= Date.parse(selection.from)) && (selection.to === null || time < Date.parse(selection.to));
}

/** Starts a reading: `parts` yields each request's events the selection takes (none for one it leaves out, so a long scan still pauses). */
export function captureBatches(store: CaptureStore, selection: CaptureSelection): { reading: CaptureReading; parts: Generator<unknown[]> } {
  const last = store.requests(1)[0]?.id ?? 0;
  const reading: CaptureReading = { requests: store.status().requests, read: 0, matching: 0 };
  function* parts(): Generator<unknown[]> {
    for (const request of store.eachRequest()) {
      if (request.id > last) return;
      reading.read++;
      if (request.eventCount === 0 || !inRange(request.receivedAt, selection)) {
        yield [];
        continue;
      }
      const body = batchEvents(request.body);
      const taken = store.eventsOf(request.id).filter((captured) => !selection.acceptedOnly || captured.verdict === 'accepted');
      const events = taken.map((captured) => body[captured.index]).filter((event) => event !== undefined);
      if (events.length > 0) reading.matching++;
      yield events;
    }
  }
  return { reading, parts: parts() };
}

/** Each event of the parts, in order: a request's events are read when their turn comes. */
export function* eachEventOf(parts: Iterable<readonly unknown[]>): Generator<unknown> {
  for (const part of parts) yield* part;
}
