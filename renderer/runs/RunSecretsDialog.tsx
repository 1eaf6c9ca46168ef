import { useState, type FormEvent } from 'react';
import { EnvironmentSettingsSchema } from '../../features/environments/common/environment.ts';
import type { RunSecretsNeed } from '../../features/runs/common/run-secrets.ts';
import { useApi } from '../base/queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { Modal } from '../base/widgets/Modal.tsx';
import { settleRunSecrets, useRunSecrets } from './run-secrets.ts';

interface Entered {
  username: string;
  password: string;
  apiKey: string;
}

function NeedFields({ need, entered, first, change }: { need: RunSecretsNeed; entered: Entered; first: boolean; change: (entered: Entered) => void }) {
  const { environment } = need;
  const autofocus = first ? { 'data-autofocus': true } : {};
  return (
    <fieldset className="run-secrets-environment">
      <legend>
        {environment.name} <span className="muted">{environment.resolvedBaseUrl}</span>
      </legend>
      {need.password && (
        <>
          <label>
            Username
            <input
              name="username"
              autoComplete="username"
              required
              value={entered.username}
              onChange={(event) => change({ ...entered, username: event.target.value })}
              {...(entered.username === '' ? autofocus : {})}
            />
          </label>
          <label>
            Password
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={entered.password}
              onChange={(event) => change({ ...entered, password: event.target.value })}
              {...(entered.username === '' ? {} : autofocus)}
            />
          </label>
        </>
      )}
      {need.apiKey && (
        <label>
          API key
          <input
            name="apiKey"
            autoComplete="off"
            spellCheck={false}
            required
            value={entered.apiKey}
            onChange={(event) => change({ ...entered, apiKey: event.target.value })}
            {...(need.password ? {} : autofocus)}
          />
        </label>
      )}
    </fieldset>
  );
}

function SecretsForm({ needs }: { needs: RunSecretsNeed[] }) {
  const api = useApi();
  const [entered, setEntered] = useState<Entered[]>(() => needs.map((need) => ({ username: need.environment.username, password: '', apiKey: '' })));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ name: string; error: unknown } | null>(null);

  /** Each environment in turn: its API key kept (as its editor keeps it), then its login; the first refusal stops and is shown. */
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    for (const [index, need] of needs.entries()) {
      const { environment } = need;
      const given = entered[index]!;
      try {
        if (need.apiKey) {
          const saved = await api.environments.update({
            id: environment.id,
            edit: { settings: EnvironmentSettingsSchema.parse(environment), apiKey: given.apiKey },
          });
          if (!saved.ok) throw new Error(saved.problems.map((problem) => problem.message).join(' '));
        }
        if (need.password)
          await api.session.login({ environmentId: environment.id, username: given.username, password: given.password, rememberPassword: false });
      } catch (error) {
        setFailure({ name: environment.name, error });
        setBusy(false);
        return;
      }
    }
    settleRunSecrets(true);
  }

  const names = needs.map((need) => need.environment.name).join(', ');
  return (
    <form className="run-secrets" onSubmit={(event) => void submit(event)}>
      <h2 id="run-secrets-title">Before the run: {names}</h2>
      <p id="run-secrets-message">
        The run sends to {needs.length === 1 ? 'this environment' : 'these environments'}. Enter what each lacks, and the run starts.
      </p>
      {needs.map((need, index) => (
        <NeedFields
          key={need.environment.id}
          need={need}
          first={index === 0}
          entered={entered[index]!}
          change={(next) => setEntered((all) => all.map((one, at) => (at === index ? next : one)))}
        />
      ))}
      {failure && <ErrorNotice title={`“${failure.name}” did not take them`} error={failure.error} />}
      <div className="dialog-buttons">
        <button type="button" onClick={() => settleRunSecrets(false)}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Start the run'}
        </button>
      </div>
    </form>
  );
}

/** The one dialog a run asks in for every secret its environments lack; Cancel starts nothing. */
export function RunSecretsDialog() {
  const asked = useRunSecrets((state) => state.asked);
  return (
    <Modal
      open={asked !== null}
      onClose={() => settleRunSecrets(false)}
      labelledBy="run-secrets-title"
      describedBy="run-secrets-message"
      className="run-secrets-dialog"
    >
      {asked && <SecretsForm needs={asked.needs} />}
    </Modal>
  );
}
