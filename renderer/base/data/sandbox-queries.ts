import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { REQUESTS_HELD, type CaptureRequests, type ListedRequest } from '../../../features/capture/common/capture-requests.ts';
import type { OutputOf } from '../../../app/common/ipc.ts';
import type { SandboxFaultsPatch } from '../../../features/sandbox/common/sandbox.ts';
import { environmentsKey } from './environment-queries.ts';
import { useApi } from '../queries.ts';
import { confirm } from '../widgets/questions.ts';
import { clearQuestion } from './clear-capture.ts';

export const infoKey = ['sandbox', 'info'] as const;
const faultsKey = ['sandbox', 'faults'] as const;
const capturedKey = ['capture', 'requests'] as const;
const captureStatusKey = ['capture', 'status'] as const;

/** How the embedded sandbox is set up; `enabled` false until a screen needs it. */
export function useSandboxInfo(enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: infoKey, queryFn: () => api.sandbox.info(), enabled });
}

/** Keeps the info's plan current as the sandbox reloads its file (or fails to), by the sandbox:planChanged push. */
export function useSandboxPlanUpdates() {
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () =>
      api.sandbox.onPlanChanged((plan) => {
        const info = client.getQueryData<OutputOf<'sandbox:info'>>(infoKey);
        if (info) client.setQueryData(infoKey, { ...info, plan });
        else void client.invalidateQueries({ queryKey: infoKey });
      }),
    [api, client],
  );
}

/** Asks main for a plan file (its open dialog) and uses it; cancelled, the info comes back unchanged. */
export function useChoosePlan() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({ mutationFn: () => api.sandbox.choosePlan(), onSuccess: (info) => client.setQueryData(infoKey, info) });
}

export function useClearPlan() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({ mutationFn: () => api.sandbox.clearPlan(), onSuccess: (info) => client.setQueryData(infoKey, info) });
}

/** Moves the sandbox to another port; the Local sandbox environment's address follows (its login ends, pushed as such). */
export function useSetSandboxPort() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (port: number) => api.sandbox.setPort({ port }),
    onSuccess: (info) => {
      client.setQueryData(infoKey, info);
      void client.invalidateQueries({ queryKey: environmentsKey });
    },
  });
}

/**
 * What the capture holds (counts, retention, what it could not keep, a file set aside). Each
 * read of the list brings it too; not read apart while it is held, so it is always the list's.
 */
export function useCaptureStatus() {
  const api = useApi();
  return useQuery({ queryKey: captureStatusKey, queryFn: () => api.capture.status(), staleTime: Infinity });
}

/**
 * The requests the tab holds, newest first, at most REQUESTS_HELD; `more`: the capture keeps older
 * ones than the last; `detached`: loading older ones let the newest go, so new requests are not
 * added on top until the user goes back to the newest.
 */
export interface TrafficWindow {
  rows: ListedRequest[];
  more: boolean;
  detached: boolean;
}

const EMPTY_WINDOW: TrafficWindow = { rows: [], more: false, detached: false };

/** New requests on top of those held; past REQUESTS_HELD the oldest go, still kept by the capture. */
export function withNewer(held: TrafficWindow, read: CaptureRequests): TrafficWindow {
  if (read.reset) return { rows: read.requests, more: read.more, detached: false };
  const rows = [...read.requests, ...held.rows];
  return rows.length > REQUESTS_HELD ? { ...held, rows: rows.slice(0, REQUESTS_HELD), more: true } : { ...held, rows };
}

/** An older page below those held; past REQUESTS_HELD the newest go, and the window no longer follows new requests. */
export function withOlder(held: TrafficWindow, read: CaptureRequests): TrafficWindow {
  const rows = [...held.rows, ...read.requests];
  return rows.length > REQUESTS_HELD ? { rows: rows.slice(rows.length - REQUESTS_HELD), more: read.more, detached: true } : { ...held, rows, more: read.more };
}

const wholeWindow = (window: TrafficWindow) => window;
const rowsOf = (window: TrafficWindow) => window.rows;

function useTrafficQuery<T>(select: (window: TrafficWindow) => T) {
  const api = useApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: capturedKey,
    queryFn: async () => {
      const read = await api.capture.requests({ after: null });
      client.setQueryData(captureStatusKey, read.status);
      return withNewer(EMPTY_WINDOW, read);
    },
    // Pushes keep the list current; a background refetch could land after a push and drop it.
    staleTime: Infinity,
    select,
  });
}

/** The requests the tab holds, with whether older ones are kept and whether it follows new ones. */
export const useTrafficWindow = () => useTrafficQuery(wholeWindow);

/**
 * The sandbox's traffic as the capture kept it, newest first, so it outlives a restart. Kept
 * live by the sandbox:request push: each asks main for the requests written since the newest
 * held, one read at a time (a push during a read asks for one more after it), so a flood costs
 * a read per answer main gives, not per request. Each read brings the capture's counts, so the
 * status line and the list change together.
 */
export function useSandboxTraffic() {
  const api = useApi();
  const client = useQueryClient();
  const reading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  useEffect(() => {
    async function readNew(): Promise<void> {
      const held = client.getQueryData<TrafficWindow>(capturedKey);
      // Before the first list has arrived there is nothing to add to, and the list on its way may predate this request.
      if (!held) return void client.invalidateQueries({ queryKey: capturedKey });
      const newest = held.rows[0];
      // A window of older requests does not follow: only the counts do.
      const read = await api.capture.requests({ after: newest && !held.detached ? { id: newest.id, receivedAt: newest.receivedAt } : null });
      client.setQueryData(captureStatusKey, read.status);
      const now = client.getQueryData<TrafficWindow>(capturedKey) ?? EMPTY_WINDOW;
      if (now.detached && !read.reset) return;
      if (!now.detached && (read.reset || read.requests.length > 0)) client.setQueryData(capturedKey, withNewer(now, read));
    }
    async function reads(): Promise<void> {
      const state = reading.current;
      if (state.running) {
        state.again = true;
        return;
      }
      state.running = true;
      try {
        do {
          state.again = false;
          await readNew().catch(() => client.invalidateQueries({ queryKey: capturedKey }));
        } while (state.again);
      } finally {
        state.running = false;
      }
    }
    return api.sandbox.onRequest((record) => {
      // An answer from the fail sequence used it up by one: the fault form shows what is left.
      if (record.fault === 'fail-sequence') void client.invalidateQueries({ queryKey: faultsKey });
      void reads();
    });
  }, [api, client]);
  return useTrafficQuery(rowsOf);
}

/** Reads the page of requests older than the oldest held ("Load older"). */
export function useLoadOlder() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (before: number) => api.capture.requests({ after: null, before }),
    onSuccess: (read) => {
      client.setQueryData(captureStatusKey, read.status);
      client.setQueryData(capturedKey, withOlder(client.getQueryData<TrafficWindow>(capturedKey) ?? EMPTY_WINDOW, read));
    },
  });
}

/** Goes back to the newest requests, following new ones again. */
export function useShowNewest() {
  const client = useQueryClient();
  return () => void client.resetQueries({ queryKey: capturedKey });
}

/** Clears what the sandbox received, the capture with it, after asking (it cannot be undone); resolves to null when the user said no. */
export function useClearTraffic() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Counted now, not as last shown: the question says exactly what goes.
      const cleared = await confirm({ title: 'Clear the capture?', message: clearQuestion(await api.capture.status()), action: 'Clear', destructive: true });
      if (!cleared) return null;
      return api.capture.clear();
    },
    onSuccess: (cleared) => {
      if (cleared === null) return;
      client.setQueryData(capturedKey, EMPTY_WINDOW);
      void client.invalidateQueries({ queryKey: captureStatusKey });
      // The Events view's pages.
      void client.invalidateQueries({ queryKey: ['capture', 'events'] });
    },
  });
}

/** One captured request whole, with its events' verdicts: read when its row is opened. */
export function useCapturedRequest(id: number) {
  const api = useApi();
  return useQuery({ queryKey: [...capturedKey, id], queryFn: () => api.capture.request({ id }), staleTime: Infinity });
}

/** These requests as a HAR file, where the user chooses in main's save dialog. */
export function useExportHar() {
  const api = useApi();
  return useMutation({ mutationFn: (ids: number[]) => api.capture.exportHar({ ids }) });
}

export function useSandboxFaults() {
  const api = useApi();
  return useQuery({ queryKey: faultsKey, queryFn: () => api.sandbox.faults() });
}

export function useSetFaults() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SandboxFaultsPatch) => api.sandbox.setFaults(patch),
    onSuccess: (faults) => client.setQueryData(faultsKey, faults),
  });
}
