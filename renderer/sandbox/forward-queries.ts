import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OutputOf } from '../../app/common/ipc.ts';
import { useApi } from '../base/queries.ts';
import { infoKey } from '../base/data/sandbox-queries.ts';

/** Keeps the view's forwarding current as main follows the environment (changed, deleted) or the upstream fails, by the sandbox:forwardChanged push. */
export function useSandboxForwardUpdates() {
  const api = useApi();
  const client = useQueryClient();
  useEffect(
    () =>
      api.sandbox.onForwardChanged((forward) => {
        const info = client.getQueryData<OutputOf<'sandbox:info'>>(infoKey);
        if (info) client.setQueryData(infoKey, { ...info, forward });
        else void client.invalidateQueries({ queryKey: infoKey });
      }),
    [api, client],
  );
}

/** Forwards to the environment (null: off); main resolves its address, and answers the whole view. */
export function useSetForward() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (environmentId: string | null) => api.sandbox.setForward({ environmentId }),
    onSuccess: (info) => client.setQueryData(infoKey, info),
  });
}
