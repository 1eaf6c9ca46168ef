import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoginInput } from '../../shared/session.ts';
import { resumeStopped, sendsUnderWay } from '../send/paused-sends.ts';
import { environmentsKey } from '../environments/queries.ts';
import { useApi } from '../queries.ts';
import { useNotices, useUi } from '../state/ui.ts';

/** What the login dialog says when it opens by itself for a send. */
const SEND_WAITS = 'A send here needs a new login: once you log in, it goes on where it left off.';

export const sessionKey = (environmentId: string) => ['session', environmentId] as const;

export function useSession(environmentId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: sessionKey(environmentId ?? ''),
    queryFn: () => api.session.status({ environmentId: environmentId! }),
    enabled: environmentId !== null,
  });
}

export function useLogin() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.session.login(input),
    onSuccess: (session) => {
      client.setQueryData(sessionKey(session.environmentId), session);
      void client.invalidateQueries({ queryKey: environmentsKey });
    },
  });
}

export function useLogout() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (environmentId: string) => api.session.logout({ environmentId }),
    onSuccess: (_nothing, environmentId) => client.setQueryData(sessionKey(environmentId), null),
  });
}

/**
 * Keeps every session on screen in step with main: renewals, expiry and logouts arrive as
 * pushes. When main needs a password to go on with a send this window has under way, the login
 * dialog opens over the work, which stays as it was, and the send goes on once logged in. With
 * no send waiting, the session bar says the session ends and offers the login: the focus stays
 * where the user is typing.
 */
export function useSessionEvents(): void {
  const api = useApi();
  const client = useQueryClient();
  const askLogin = useUi((state) => state.askLogin);
  const notify = useNotices((state) => state.notify);
  useEffect(
    () =>
      api.session.onChanged((event) => {
        client.setQueryData(sessionKey(event.environmentId), event.session);
        if (event.reason === 'renewed') notify('success', 'Logged in again automatically before the session expired.');
        if (event.reason === 'renewal-failed') notify('error', `Could not log in again automatically: ${event.message ?? 'unknown error'}`);
        if (event.reason === 'needs-login' || event.reason === 'renewal-failed') {
          const waiting = sendsUnderWay(event.environmentId);
          if (waiting.length > 0) askLogin(event.environmentId, () => void resumeStopped(api, waiting, (message) => notify('error', message)), SEND_WAITS);
        }
      }),
    [api, client, askLogin, notify],
  );
}
