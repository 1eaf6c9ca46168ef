import './session.css';
import type { EnvironmentView } from '../../features/environments/common/environment.ts';
import { useCommand } from '../base/state/command-registry.ts';
import { useUi } from '../base/state/ui.ts';
import { WARN_BEFORE_EXPIRY_MS, formatRemaining, useNow } from './countdown.ts';
import { useLogout, useSession } from '../base/data/session-queries.ts';
import { formatDateTime } from '../base/time-format.ts';

/** Who is logged in to the active environment, until when, with a live countdown. */
export function SessionBar({ environment }: { environment: EnvironmentView }) {
  const { data: session } = useSession(environment.id);
  const askLogin = useUi((state) => state.askLogin);
  const logout = useLogout();
  const now = useNow();
  useCommand('session.login', () => askLogin(environment.id));
  useCommand('session.logout', () => logout.mutate(environment.id), { enabled: Boolean(session), reason: `Not logged in to ${environment.name}` });

  if (!session) {
    return (
      <div className="session-bar" data-testid="session-bar">
        <span className="muted">Not logged in to {environment.name}</span>
        <button type="button" className="small primary" onClick={() => askLogin(environment.id)}>
          Log in
        </button>
      </div>
    );
  }

  const expiresAt = new Date(session.expiresAt);
  const remaining = expiresAt.getTime() - now;
  const expired = remaining <= 0;
  const warning = !expired && remaining <= WARN_BEFORE_EXPIRY_MS;
  return (
    <div className={`session-bar ${expired ? 'expired' : warning ? 'warning' : ''}`} data-testid="session-bar">
      <span className={`session-dot ${expired ? 'off' : 'on'}`} aria-hidden />
      <span>
        <strong>{session.username}</strong> on {environment.name}
      </span>
      <span data-testid="session-countdown" title={`Expires ${formatDateTime(expiresAt)} local, ${session.serverExpiry} server time (${session.timeZone})`}>
        {expired ? 'session ended' : `expires in ${formatRemaining(remaining)}`}
      </span>
      <span className="muted" data-testid="session-expiry">
        {formatDateTime(expiresAt)} local · {session.serverExpiry} {session.timeZone}
        {session.expiresReadAs === 'seconds' && ' · the server sent expires_in as seconds'}
      </span>
      {warning && <span className="warning-text">{session.autoRenew ? 'renews automatically' : 'log in again soon'}</span>}
      {/* Said, not forced: no dialog takes the focus from what the user is typing; sends wait for the login. */}
      <span role="status" className="warning-text">
        {expired && (
          <>
            <span className="visually-hidden">Your session on {environment.name} ended. </span>Log in again to send; nothing you typed is lost.
          </>
        )}
      </span>
      <span className="spacer" />
      {(expired || warning) && (
        <button type="button" className="small primary" onClick={() => askLogin(environment.id)}>
          Log in again
        </button>
      )}
      <button type="button" className="small" onClick={() => logout.mutate(environment.id)}>
        Log out
      </button>
    </div>
  );
}
