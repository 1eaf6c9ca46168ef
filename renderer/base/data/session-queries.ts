import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoginInput } from '../../../features/environments/common/session.ts';
import { resumeStopped, sendsUnderWay } from './paused-sends.ts';
import { environmentsKey } from './environment-queries.ts';
import { useApi } from '../queries.ts';
import { useNotices, useUi } from '../state/ui.ts';

/** What the login dialog says when it opens by itself for a send. */
const SEND_WAITS = 'A send here needs a new login: once you log in, it goes on where it left off. Cancel stops it there.';
/** A send a failed automatic renewal stopped: it is resumed after the login. */
const SEND_STOPPED = 'A send here needs a new login: once you log in, it goes on where it left off.';

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
        // The services say when it happened: before the expiry, after it, or after a 401.
        if (event.reason === 'renewed') notify('success', event.message ?? 'Logged in again automatically.');
        if (event.reason === 'renewal-failed') notify('error', `Could not log in again automatically: ${event.message ?? 'unknown error'}`);
        const waiting = sendsUnderWay(event.environmentId);
        if (waiting.length === 0) return;
        // Sends under way wait for this login in main, and go on after it; a cancel stops them there.
        if (event.reason === 'needs-login')
          askLogin(
            event.environmentId,
            undefined,
            SEND_WAITS,
            () => void api.session.declineLogin({ environmentId: event.environmentId }).catch(() => undefined),
          );
        if (event.reason === 'renewal-failed')
          askLogin(event.environmentId, () => void resumeStopped(api, waiting, (message) => notify('error', message)), SEND_STOPPED);
      }),
    [api, client, askLogin, notify],
  );
}
