import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OutputOf } from '../../shared/ipc.ts';
import type { SandboxFaultsPatch, SandboxRequestRecord } from '../../shared/sandbox.ts';
import { environmentsKey } from '../environments/queries.ts';
import { useApi } from '../queries.ts';

const infoKey = ['sandbox', 'info'] as const;
const trafficKey = ['sandbox', 'traffic'] as const;
const faultsKey = ['sandbox', 'faults'] as const;
/** The sandbox keeps 10 000 requests by default; the screen keeps no more than that either. */
const TRAFFIC_CACHE_LIMIT = 10_000;

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

/** The sandbox's traffic, newest first, kept live by the sandbox:request push. */
export function useSandboxTraffic() {
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () =>
      api.sandbox.onRequest((record) => {
        // An answer from the fail sequence used it up by one: the fault form shows what is left.
        if (record.fault === 'fail-sequence') void client.invalidateQueries({ queryKey: faultsKey });
        const records = client.getQueryData<SandboxRequestRecord[]>(trafficKey);
        // Before the first list has arrived there is nothing to add to, and the list on its way
        // may predate this request: fetch it again (which cancels the one in flight).
        if (!records) void client.invalidateQueries({ queryKey: trafficKey });
        else client.setQueryData(trafficKey, [record, ...records.filter((known) => known.id !== record.id)].slice(0, TRAFFIC_CACHE_LIMIT));
      }),
    [api, client],
  );
  // Pushes keep the list current; a background refetch could land after a push and drop it.
  return useQuery({ queryKey: trafficKey, queryFn: () => api.sandbox.traffic(), staleTime: Infinity });
}

export function useClearTraffic() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({ mutationFn: () => api.sandbox.clear(), onSuccess: () => client.setQueryData(trafficKey, []) });
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
