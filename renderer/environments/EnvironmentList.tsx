import './environments.css';
import { useRef, useState } from 'react';
import { useCommand } from '../base/state/command-registry.ts';
import { useApi } from '../base/queries.ts';
import { useSession } from '../base/data/session-queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { saveAs } from '../base/widgets/save-as.ts';
import { useNotices, useUi } from '../base/state/ui.ts';
import { useEnvironmentActions, useEnvironments } from '../base/data/environment-queries.ts';

function SessionDot({ environmentId }: { environmentId: string }) {
  const { data: session } = useSession(environmentId);
  if (!session) return null;
  const active = session.state === 'active';
  return (
    <span
      className={`session-dot ${active ? 'on' : 'off'}`}
      title={active ? `Logged in as ${session.username}` : 'Login expired'}
      aria-label={active ? 'logged in' : 'login expired'}
    />
  );
}

export function EnvironmentList() {
  const api = useApi();
  const { data, error, isPending } = useEnvironments();
  const actions = useEnvironmentActions();
  const edit = useUi((state) => state.edit);
  const notify = useNotices((state) => state.notify);
  const [confirming, setConfirming] = useState<'delete' | 'duplicate' | null>(null);
  const [copySecrets, setCopySecrets] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const active = data?.environments.find((environment) => environment.id === data.activeId) ?? null;
  useCommand('environment.new', () => edit({ mode: 'create' }));
  useCommand('environment.edit', () => active && edit({ mode: 'edit', id: active.id }), { enabled: active !== null, reason: 'No environment is active' });

  async function exportActive() {
    if (!active) return;
    try {
      const file = await api.environments.export({ ids: [active.id] });
      saveAs(file.fileName, file.text);
    } catch (caught) {
      notify('error', caught instanceof Error ? caught.message : String(caught));
    }
  }

  async function importFile(file: File) {
    try {
      const result = await actions.importText.mutateAsync(await file.text());
      if (result.imported.length)
        notify('success', `Imported ${result.imported.map((environment) => environment.name).join(', ')}. Add their API keys in Edit.`);
      for (const problem of result.problems) notify('warning', `Not imported: ${problem}`);
      if (!result.imported.length && !result.problems.length) notify('info', 'The file holds no environments.');
    } catch (caught) {
      notify('error', caught instanceof Error ? caught.message : String(caught));
    }
  }

  return (
    <section aria-labelledby="environments-heading">
      <div className="section-header">
        <h2 id="environments-heading">Environments</h2>
        <span className="spacer" />
        <button type="button" className="small" onClick={() => fileInput.current?.click()} title="Import environments from a file">
          Import…
        </button>
        <button type="button" className="small" onClick={() => edit({ mode: 'create' })} title="New environment" aria-label="New environment">
          New
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Environment file to import"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {isPending && <p className="empty">Loading…</p>}
      {error && <ErrorNotice title="Environments could not be loaded" error={error} />}
      {data?.notice && <p className="inline-warning">{data.notice}</p>}
      {data && data.environments.length === 0 && <p className="empty">No environments yet. Add one with New.</p>}
      {data && data.environments.length > 0 && (
        <ul className="environment-list" role="listbox" aria-label="Environments">
          {data.environments.map((environment) => (
            <li
              key={environment.id}
              role="option"
              aria-selected={environment.id === data.activeId}
              tabIndex={0}
              onClick={() => actions.select.mutate(environment.id)}
              onDoubleClick={() => edit({ mode: 'edit', id: environment.id })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  actions.select.mutate(environment.id);
                }
              }}
            >
              <span className="color-dot" style={{ background: environment.color }} aria-hidden />
              <span className="environment-name">{environment.name}</span>
              {environment.production && <span className="badge production">production</span>}
              <SessionDot environmentId={environment.id} />
            </li>
          ))}
        </ul>
      )}
      {active && confirming === null && (
        <div className="environment-actions">
          <button type="button" className="small" onClick={() => edit({ mode: 'edit', id: active.id })}>
            Edit
          </button>
          <button
            type="button"
            className="small"
            onClick={() => {
              // Only a copy of secrets needs asking about; ticked or not, the choice is made anew each time.
              if (active.apiKey.set || active.passwordRemembered) {
                setCopySecrets(false);
                setConfirming('duplicate');
              } else actions.duplicate.mutate({ id: active.id, copySecrets: false });
            }}
          >
            Duplicate
          </button>
          {!active.embeddedSandbox && (
            <button type="button" className="small" onClick={() => void exportActive()}>
              Export
            </button>
          )}
          <button type="button" className="small danger" onClick={() => setConfirming('delete')}>
            Delete
          </button>
        </div>
      )}
      {active && confirming === 'duplicate' && (
        <div className="environment-actions confirm" role="group" aria-label="Confirm duplicate">
          <span>Duplicate “{active.name}”?</span>
          <label className="checkbox">
            <input type="checkbox" checked={copySecrets} onChange={(event) => setCopySecrets(event.target.checked)} />
            Copy the API key and password too
          </label>
          <button
            type="button"
            className="small"
            onClick={() => {
              actions.duplicate.mutate({ id: active.id, copySecrets });
              setConfirming(null);
            }}
          >
            Duplicate
          </button>
          <button type="button" className="small" onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      )}
      {active && confirming === 'delete' && (
        <div className="environment-actions confirm" role="group" aria-label="Confirm delete">
          <span>Delete “{active.name}” and its saved secrets?</span>
          <button
            type="button"
            className="small danger"
            onClick={() => {
              actions.remove.mutate(active.id);
              setConfirming(null);
            }}
          >
            Delete
          </button>
          <button type="button" className="small" onClick={() => setConfirming(null)}>
            Keep
          </button>
        </div>
      )}
    </section>
  );
}
