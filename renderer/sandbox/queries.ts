import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CapturedRequestSummary } from '../../shared/capture.ts';
import { REQUESTS_LISTED, type CaptureRequests } from '../../shared/capture-requests.ts';
import type { OutputOf } from '../../shared/ipc.ts';
import type { SandboxFaultsPatch } from '../../shared/sandbox.ts';
import { environmentsKey } from '../environments/queries.ts';
import { useApi } from '../queries.ts';
import { clearQuestion } from './clear-capture.ts';

export const infoKey = ['sandbox', 'info'] as const;
const faultsKey = ['sandbox', 'faults'] as const;
const capturedKey = ['capture', 'requests'] as const;
const captureStatusKey = ['capture', 'status'] as const;
/** The capture's counts are read again at most this often while requests come in (counting reads the whole file), and once after the last. */
const STATUS_REFRESH_MS = 1_000;

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

/** What the capture holds (counts, retention, what it could not keep, a file set aside). */
export function useCaptureStatus() {
  const api = useApi();
  return useQuery({ queryKey: captureStatusKey, queryFn: () => api.capture.status() });
}

/** The newest first, on top of those held, at most REQUESTS_LISTED. */
function merged(held: readonly CapturedRequestSummary[], read: CaptureRequests): CapturedRequestSummary[] {
  return read.reset ? read.requests : [...read.requests, ...held].slice(0, REQUESTS_LISTED);
}

/**
 * The sandbox's traffic as the capture kept it, newest first, so it outlives a restart. Kept
 * live by the sandbox:request push: each asks main for the requests written since the newest
 * held, one read at a time (a push during a read asks for one more after it), so a flood costs
 * a read per answer main gives, not per request.
 */
export function useSandboxTraffic() {
  const api = useApi();
  const client = useQueryClient();
  const reading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  useEffect(() => {
    let statusTimer: ReturnType<typeof setTimeout> | undefined;
    async function readNew(): Promise<void> {
      const held = client.getQueryData<CapturedRequestSummary[]>(capturedKey);
      // Before the first list has arrived there is nothing to add to, and the list on its way may predate this request.
      if (!held) return void client.invalidateQueries({ queryKey: capturedKey });
      const newest = held[0];
      const read = await api.capture.requests({ after: newest ? { id: newest.id, receivedAt: newest.receivedAt } : null });
      if (read.reset || read.requests.length > 0) {
        client.setQueryData(capturedKey, merged(client.getQueryData<CapturedRequestSummary[]>(capturedKey) ?? [], read));
        statusTimer ??= setTimeout(() => {
          statusTimer = undefined;
          void client.invalidateQueries({ queryKey: captureStatusKey });
        }, STATUS_REFRESH_MS);
      }
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
    const unsubscribe = api.sandbox.onRequest((record) => {
      // An answer from the fail sequence used it up by one: the fault form shows what is left.
      if (record.fault === 'fail-sequence') void client.invalidateQueries({ queryKey: faultsKey });
      void reads();
    });
    return () => {
      unsubscribe();
      clearTimeout(statusTimer);
    };
  }, [api, client]);
  // Pushes keep the list current; a background refetch could land after a push and drop it.
  return useQuery({ queryKey: capturedKey, queryFn: async () => (await api.capture.requests({ after: null })).requests, staleTime: Infinity });
}

/** Clears what the sandbox received, the capture with it, after asking (it cannot be undone); resolves to null when the user said no. */
export function useClearTraffic() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Counted now, not as last shown: the question says exactly what goes.
      if (!window.confirm(clearQuestion(await api.capture.status()))) return null;
      return api.capture.clear();
    },
    onSuccess: (cleared) => {
      if (cleared === null) return;
      client.setQueryData(capturedKey, []);
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
  return useMutation({ mutationFn: (patch: SandboxFaultsPatch) => api.sandbox.setFaults(patch), onSuccess: (faults) => client.setQueryData(faultsKey, faults) });
}
