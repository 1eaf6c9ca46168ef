import './session.css';
import { useState, type FormEvent } from 'react';
import type { EnvironmentView } from '../../features/environments/common/environment.ts';
import { useEnvironments } from '../base/data/environment-queries.ts';
import { useAppInfo } from '../base/queries.ts';
import { useSandboxInfo } from '../base/data/sandbox-queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { Modal } from '../base/widgets/Modal.tsx';
import { useUi } from '../base/state/ui.ts';
import { useLogin } from '../base/data/session-queries.ts';

function LoginForm({ environment, reason, onDone }: { environment: EnvironmentView; reason: string | null; onDone: (loggedIn: boolean) => void }) {
  const login = useLogin();
  const { data: info } = useAppInfo();
  const { data: sandbox } = useSandboxInfo(environment.embeddedSandbox);
  const [username, setUsername] = useState(environment.username || (environment.embeddedSandbox ? (sandbox?.demoUsername ?? '') : ''));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(environment.rememberPassword);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const usesRemembered = password === '' && environment.passwordRemembered;
    try {
      await login.mutateAsync({ environmentId: environment.id, username, rememberPassword: remember, ...(usesRemembered ? {} : { password }) });
      onDone(true);
    } catch {
      // The error is shown from the mutation's state below; the form keeps what was typed.
    }
  }

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)}>
      <h2 id="login-title">Log in to {environment.name}</h2>
      <p className="muted">{environment.resolvedBaseUrl}/oauth2/login</p>
      {reason && <p className="inline-warning">{reason}</p>}
      {environment.embeddedSandbox && sandbox && (
        <p className="hint" data-testid="demo-credentials">
          Demo credentials of the built-in sandbox: <code>{sandbox.demoUsername}</code> / <code>{sandbox.demoPassword}</code>{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              setUsername(sandbox.demoUsername);
              setPassword(sandbox.demoPassword);
            }}
          >
            Fill in
          </button>
        </p>
      )}
      <label>
        Username
        <input name="username" autoComplete="username" value={username} onChange={(event) => setUsername(event.target.value)} required data-autofocus />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required={!environment.passwordRemembered}
          placeholder={environment.passwordRemembered ? 'Remembered: leave empty to use it' : ''}
        />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember password
      </label>
      {remember && info && !info.secretStorage.protectsSecrets && (
        <p className="inline-warning">
          {environment.storeSecretsWithoutKeyring
            ? 'This environment keeps secrets on disk without a key store, as you chose in its settings.'
            : 'No OS key store protects secrets here, so the password is remembered only until EventDesk quits.'}
        </p>
      )}
      {login.error && <ErrorNotice title="Login failed" error={login.error} />}
      <div className="dialog-buttons">
        <button type="button" onClick={() => onDone(false)}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </button>
      </div>
    </form>
  );
}

/** Asks for a login: opened by the user, or by main when a session needs a password to go on. */
export function LoginDialog() {
  const loginFor = useUi((state) => state.loginFor);
  const closeLogin = useUi((state) => state.closeLogin);
  const reason = useUi((state) => state.loginReason);
  const { data } = useEnvironments();
  const environment = data?.environments.find((candidate) => candidate.id === loginFor) ?? null;
  return (
    <Modal open={environment !== null} onClose={() => closeLogin()} labelledBy="login-title" className="login">
      {environment && <LoginForm key={environment.id} environment={environment} reason={reason} onDone={closeLogin} />}
    </Modal>
  );
}
