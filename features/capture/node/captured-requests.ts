import { AppError } from '../../../base/common/errors.ts';
import { OLDER_PAGE, REQUESTS_LISTED, type CaptureRequests, type CapturedRequestDetail } from '../common/capture-requests.ts';
import { exportHar } from '../../formats/common/har.ts';
import { plural } from '../../../base/common/plural.ts';
import { harExchange } from './capture-export.ts';
import type { CaptureStore } from './capture-store.ts';

/**
 * The Sandbox tab's requests, read from the capture (capture.sqlite), so what the sandbox received
 * is still listed after a restart: the newest requests, then only those written since; one
 * request whole with what its events came to; clearing; and the listed requests as HAR, through
 * the save dialog, the same entries `eventdesk capture export --format har` writes.
 */

/** A request's refused events listed with their problems, and its plan violations listed, at most. */
const REFUSED_LISTED = 50;
const VIOLATIONS_LISTED = 200;

/**
 * How long a read waits for the capture's queue to be written, once its writer is writing: the
 * sandbox:request push that asks for it comes as the answer goes out, a moment before its row is
 * kept. A flood that keeps the queue from emptying is read as far as it is written. The writer's
 * start is waited for whole, however long a busy machine takes: a read before it would find
 * nothing of what came.
 */
const WRITTEN_WAIT_MS = 500;

export interface CaptureRequestsDeps {
  capture: CaptureStore;
  /** Resolves once what the sandbox received so far is written. */
  drained: () => Promise<void>;
  /** Resolves once the capture's writer has opened its file (at once when there is none to wait for). */
  writing: () => Promise<void>;
  /** Empties the sandbox's memory of requests too, so the tab's Clear leaves nothing of them. */
  clearTraffic: () => void;
  /** Known secret values (the sandbox's keys and passwords, the vault's), masked again in an export. */
  secrets: () => readonly string[];
  /** Asks where to save and writes there; null when the user cancelled. */
  exportAs: (suggestedName: string, text: string) => Promise<string | null>;
  appVersion: string;
}

export function createCaptureRequests(deps: CaptureRequestsDeps) {
  const { capture } = deps;

  async function written(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = deps.writing().then(() => new Promise<void>((resolve) => (timer = setTimeout(resolve, WRITTEN_WAIT_MS))));
    await Promise.race([deps.drained(), waited]);
    clearTimeout(timer);
  }

  /** What was listed, with the counts read at the same moment (one thread reads both), so the status line agrees with the list. */
  const read = (listed: { requests: CaptureRequests['requests']; more: boolean }, reset: boolean): CaptureRequests => ({
    ...listed,
    reset,
    status: capture.status(),
  });

  return {
    /**
     * The newest requests; or those written after `after` when it is still the request the tab
     * knows by its id (else the newest, anew); or, given `before`, the page older than that one.
     */
    async list({ after, before }: { after: { id: number; receivedAt: string } | null; before?: number }): Promise<CaptureRequests> {
      await written();
      if (before !== undefined) return read(capture.listed({ before, limit: OLDER_PAGE }), false);
      if (after === null || capture.request(after.id)?.receivedAt !== after.receivedAt) return read(capture.listed({ limit: REQUESTS_LISTED }), true);
      const since = capture.listed({ after: after.id, limit: REQUESTS_LISTED + 1 });
      // More were written since than the tab lists at once: it starts over from the newest.
      if (since.requests.length > REQUESTS_LISTED) return read({ requests: since.requests.slice(0, REQUESTS_LISTED), more: true }, true);
      return read(since, false);
    },

    detail(id: number): CapturedRequestDetail {
      const request = capture.request(id);
      if (request === null)
        throw new AppError('capture-request-gone', 'That request is no longer in the capture: it was cleared, or the retention dropped it.', `request ${id}`);
      const events = capture.eventsOf(id);
      const violations = events.flatMap((event) => event.violations);
      return {
        request,
        accepted: events.filter((event) => event.verdict === 'accepted').length,
        refused: events.filter((event) => event.verdict === 'refused').length,
        undelivered: events.filter((event) => event.verdict === 'undelivered').length,
        refusedEvents: events
          .filter((event) => event.verdict === 'refused' && event.problemCount > 0)
          .slice(0, REFUSED_LISTED)
          .map(({ index, problems, problemCount }) => ({ index, problems, problemCount })),
        violations: violations.slice(0, VIOLATIONS_LISTED),
        unlisted: Math.max(0, violations.length - VIOLATIONS_LISTED),
      };
    },

    /** Empties the capture and the sandbox's memory of requests, once what is queued is written (else it would land after). */
    async clear(): Promise<{ requests: number; events: number }> {
      await written();
      deps.clearTraffic();
      return capture.clear();
    },

    /** These requests as HAR 1.2, oldest first, saved where the user chooses; null when cancelled. */
    async exportHar(ids: readonly number[]): Promise<{ path: string; count: number } | null> {
      const requests = [...new Set(ids)]
        .sort((a, b) => a - b)
        .map((id) => capture.request(id))
        .filter((request) => request !== null);
      if (requests.length === 0)
        throw new AppError('capture-request-gone', 'None of these requests is in the capture any more: it was cleared, or the retention dropped them.');
      const text = exportHar(requests.map(harExchange), { appVersion: deps.appVersion, secrets: deps.secrets() });
      const path = await deps.exportAs(`eventdesk-capture-${plural(requests.length, 'request').replaceAll(',', '').replace(' ', '-')}.har`, text);
      return path === null ? null : { path, count: requests.length };
    },
  };
}
export type CaptureRequestsService = ReturnType<typeof createCaptureRequests>;
