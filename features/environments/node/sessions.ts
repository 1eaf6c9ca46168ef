import { formatDateTime } from '../../../base/common/datetime.ts';
import { checkUsername, resolveTimeZone } from '../common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import type { LoginInput, SessionEvent, SessionView } from '../common/session.ts';
import { login } from './auth.ts';
import { buildAuthHeaders } from './auth-headers.ts';
import type { Environments } from './environments.ts';
import type { Vault } from './vault.ts';
import type { Fetch } from '../../../base/node/ports.ts';

/**
 * Logins per environment. Tokens stay here and in the vault; the renderer only hears who is
 * logged in where, until when. A login is renewed by itself shortly before it expires when the
 * password is remembered; otherwise the renderer is told to ask for it, and nothing is lost.
 */

export interface SessionsOptions {
  environments: Environments;
  vault: Vault;
  fetch: Fetch;
  push: (event: SessionEvent) => void;
  now?: () => Date;
}

/** How long before expiry to renew: 30 s, or a fifth of a short token's lifetime. */
const RENEW_LEAD_MS = 30_000;
const MIN_LEAD_MS = 500;
/** setTimeout fires at once past 2^31 - 1 ms (24.8 days); longer waits are taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function createSessions(options: SessionsOptions) {
  const now = options.now ?? (() => new Date());
  const timers = new Map<string, ReturnType<typeof setTimeout>[]>();
  const loggedInAt = new Map<string, string>();
  const renewals = new Map<string, Promise<SessionView>>();
  /** Bumped by logout and forget, so a renewal already under way cannot bring a session back. */
  const generations = new Map<string, number>();
  const generationOf = (environmentId: string) => generations.get(environmentId) ?? 0;
  /** Sends waiting for the user to log in again, per environment: each ends at the next login, or with why none will come. */
  const loginWaits = new Map<string, Set<(error: AppError | null) => void>>();
  function endLoginWaits(environmentId: string, error: AppError | null): void {
    const waits = loginWaits.get(environmentId);
    loginWaits.delete(environmentId);
    for (const end of waits ?? []) end(error);
  }
  /**
   * Set by dispose, for good: a login or renewal still under way then sets no timer when it
   * ends, or its renewals would go on by themselves and keep a command-line process alive.
   */
  let disposed = false;

  function clearTimers(environmentId: string): void {
    for (const timer of timers.get(environmentId) ?? []) clearTimeout(timer);
    timers.delete(environmentId);
  }

  function view(environmentId: string): SessionView | null {
    const secrets = options.vault.get(environmentId);
    if (!secrets.accessToken || !secrets.expiresAt) return null;
    const environment = options.environments.get(environmentId);
    const expiresAt = new Date(secrets.expiresAt);
    const timeZone = resolveTimeZone(environment.timeZone);
    return {
      environmentId,
      username: environment.username,
      state: expiresAt.getTime() > now().getTime() ? 'active' : 'expired',
      loggedInAt: loggedInAt.get(environmentId) ?? secrets.expiresAt,
      expiresAt: expiresAt.toISOString(),
      serverExpiry: formatDateTime(expiresAt, timeZone),
      timeZone,
      expiresReadAs: secrets.expiresText && /^\d+$/.test(secrets.expiresText.trim()) ? 'seconds' : 'date-time',
      autoRenew: environment.rememberPassword && Boolean(secrets.password),
    };
  }

  function emit(environmentId: string, reason: SessionEvent['reason'], message?: string): void {
    options.push({ environmentId, session: view(environmentId), reason, ...(message ? { message } : {}) });
  }

  function at(delay: number, run: () => void): ReturnType<typeof setTimeout> {
    return setTimeout(run, Math.min(Math.max(0, delay), LONGEST_TIMER_MS));
  }

  function schedule(environmentId: string): void {
    clearTimers(environmentId);
    if (disposed) return;
    const session = view(environmentId);
    if (!session) return;
    const expiresAt = new Date(session.expiresAt).getTime();
    const remaining = expiresAt - now().getTime();
    if (remaining > LONGEST_TIMER_MS) {
      // Far off: look again later rather than let the timer overflow and fire at once.
      timers.set(environmentId, [at(LONGEST_TIMER_MS, () => schedule(environmentId))]);
      return;
    }
    const lead = Math.max(MIN_LEAD_MS, Math.min(RENEW_LEAD_MS, remaining / 5));
    const handles = [
      at(remaining - lead, () => {
        if (options.vault.get(environmentId).password && options.environments.get(environmentId).rememberPassword) {
          renew(environmentId, 'Logged in again automatically before the session expired.').catch((error: unknown) =>
            emit(environmentId, 'renewal-failed', error instanceof Error ? error.message : String(error)),
          );
        } else {
          emit(environmentId, 'needs-login', 'Your login is about to expire. Log in again to keep working.');
        }
      }),
      at(remaining, () => emit(environmentId, 'expired', 'Your login has expired.')),
    ];
    timers.set(environmentId, handles);
  }

  /** Logs in at `baseUrl`, the environment's address when the password was taken for it. */
  async function logIn(
    environmentId: string,
    baseUrl: string,
    password: string,
    username = options.environments.get(environmentId).username,
  ): Promise<SessionView> {
    const environment = options.environments.get(environmentId);
    const generation = generationOf(environmentId);
    const grant = await login({
      fetch: options.fetch,
      baseUrl,
      username,
      password,
      timeZone: resolveTimeZone(environment.timeZone),
      timeoutMs: environment.requestTimeoutMs,
      now,
    });
    if (generation !== generationOf(environmentId)) throw new AppError('logged-out', 'You logged out while EventDesk was logging in.');
    if (grant.expiresAt.getTime() <= now().getTime()) {
      // Renewing would only fetch another dead token, in a loop: the zone or a clock is off.
      throw new AppError(
        'token-already-expired',
        `The server issued a token that had already expired (expires_in ${grant.expiresText}, read in ${resolveTimeZone(environment.timeZone)}). Check the environment's time zone of server date-times, and this computer's clock.`,
      );
    }
    await options.vault.update(
      environmentId,
      {
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken,
        tokenType: grant.tokenType,
        expiresAt: grant.expiresAt.toISOString(),
        expiresText: grant.expiresText,
      },
      baseUrl,
    );
    loggedInAt.set(environmentId, now().toISOString());
    schedule(environmentId);
    return view(environmentId)!;
  }

  /** One renewal at a time per environment: concurrent 401s share it instead of each logging in. `said` tells the user when it happened. */
  function renew(environmentId: string, said: string): Promise<SessionView> {
    let pending = renewals.get(environmentId);
    if (!pending) {
      const baseUrl = options.environments.resolvedBaseUrl(environmentId);
      let password: string | undefined;
      try {
        password = options.vault.secretsFor(environmentId, baseUrl).password;
      } catch (error) {
        return Promise.reject(error);
      }
      if (!password) {
        emit(environmentId, 'needs-login', 'Your login has expired. Log in again to continue.');
        return Promise.reject(
          new AppError('needs-login', 'Your login has expired and no password is remembered. Log in again to continue; nothing you typed is lost.'),
        );
      }
      pending = logIn(environmentId, baseUrl, password).then((session) => {
        emit(environmentId, 'renewed', said);
        return session;
      });
      renewals.set(environmentId, pending);
      void pending.finally(() => renewals.delete(environmentId)).catch(() => undefined);
    }
    return pending;
  }

  const sessions = {
    status: view,

    /** Takes up sessions an earlier run saved, where their tokens are still valid. */
    restore(): void {
      for (const environment of options.environments.list().environments) {
        if (view(environment.id)?.state === 'active') schedule(environment.id);
      }
    },

    async login(input: LoginInput): Promise<SessionView> {
      const usernameProblem = checkUsername(input.username);
      if (usernameProblem) throw new AppError('invalid-username', usernameProblem);
      const baseUrl = options.environments.resolvedBaseUrl(input.environmentId);
      // A typed password is for the server it is typed for; a remembered one only for its own.
      const password = input.password ?? options.vault.secretsFor(input.environmentId, baseUrl).password;
      if (!password) throw new AppError('password-needed', 'Enter the password.');
      try {
        await logIn(input.environmentId, baseUrl, password, input.username);
      } finally {
        // "Remember password" off forgets it whatever the outcome; on, only a password that worked is kept.
        if (!input.rememberPassword) await options.vault.clear(input.environmentId, ['password']);
      }
      await options.environments.setLogin(input.environmentId, input.username, input.rememberPassword);
      if (input.rememberPassword) await options.vault.update(input.environmentId, { password }, baseUrl);
      emit(input.environmentId, 'logged-in');
      endLoginWaits(input.environmentId, null);
      return view(input.environmentId)!;
    },

    async logout(environmentId: string): Promise<void> {
      await this.forget(environmentId);
      emit(environmentId, 'logged-out');
    },

    /**
     * Waits for the user to log in again to this environment (a send whose login ended, with no
     * password remembered, goes on after it): resolves at the next login, not at a session still
     * active here, whose token the server may have refused. Rejects when the user declines the
     * login, logs out, `signal` aborts, or no login comes within `timeoutMs`.
     */
    waitForLogin(environmentId: string, signal: AbortSignal, timeoutMs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const waits = loginWaits.get(environmentId) ?? new Set();
        loginWaits.set(environmentId, waits);
        const minutes = Math.round(timeoutMs / 60_000);
        const timer = setTimeout(
          () =>
            end(
              new AppError(
                'needs-login',
                `No login came within ${minutes === 1 ? 'a minute' : `${minutes} minutes`}, so the send stopped here. Log in, then resume to send the rest.`,
              ),
            ),
          timeoutMs,
        );
        const aborted = () => end(new AppError('needs-login', 'The send was cancelled while it waited for the login.'));
        function end(error: AppError | null): void {
          clearTimeout(timer);
          signal.removeEventListener('abort', aborted);
          waits.delete(end);
          if (error) reject(error);
          else resolve();
        }
        waits.add(end);
        signal.addEventListener('abort', aborted, { once: true });
        if (signal.aborted) aborted();
      });
    },

    /** The user closed the login a send waits for without logging in: those sends stop there. */
    declineLogin(environmentId: string): void {
      endLoginWaits(environmentId, new AppError('needs-login', 'The login was cancelled, so the send stopped here. Log in, then resume to send the rest.'));
    },

    /** Ends a session silently: on logout, and when its environment is removed or points elsewhere. */
    async forget(environmentId: string): Promise<void> {
      generations.set(environmentId, generationOf(environmentId) + 1);
      clearTimers(environmentId);
      endLoginWaits(
        environmentId,
        new AppError(
          'needs-login',
          'The session ended (a logout, or the environment changed), so the send stopped here. Log in, then resume to send the rest.',
        ),
      );
      loggedInAt.delete(environmentId);
      await options.vault.clear(environmentId, ['accessToken', 'refreshToken', 'tokenType', 'expiresAt', 'expiresText']);
    },

    /**
     * Sends an authenticated request. An expired login is renewed first when it can be; a 401
     * leads to one renewal and one retry, and whatever the retry answers is final: no loop.
     * `url` is where `send` goes: the headers are refused unless their secrets were entered for its origin.
     */
    async authorized(environmentId: string, url: string, send: (headers: Record<string, string>) => Promise<Response>): Promise<Response> {
      const environment = options.environments.get(environmentId);
      if (view(environmentId)?.state !== 'active')
        await renew(environmentId, 'Your login had expired: EventDesk logged in again with the remembered password.');
      const first = await send(buildAuthHeaders(environment, options.vault.secretsFor(environmentId, url)));
      if (first.status !== 401) return first;
      await first.body?.cancel();
      await renew(environmentId, 'The server refused the login (HTTP 401): EventDesk logged in again with the remembered password.');
      return send(buildAuthHeaders(environment, options.vault.secretsFor(environmentId, url)));
    },

    /** Stops every timer for good. Sends still work: an expired login is renewed when one needs it. */
    dispose(): void {
      disposed = true;
      for (const environmentId of [...timers.keys()]) clearTimers(environmentId);
    },
  };
  // A token must never travel to another server or serve another user: a retarget ends the session as a logout does, so every window hears of it.
  options.environments.beforeRetarget((environmentId) => sessions.logout(environmentId));
  return sessions;
}
export type Sessions = ReturnType<typeof createSessions>;
