import './environments.css';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_SETTINGS,
  checkSettings,
  nextEnvironmentColor,
  originOf,
  secretsStayMessage,
  type EnvironmentSettings,
  type EnvironmentView,
  type FieldProblem,
  type NameValue,
} from '../../features/environments/common/environment.ts';
import { useAppInfo } from '../base/queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { Modal } from '../base/widgets/Modal.tsx';
import { useUi } from '../base/state/ui.ts';
import { useEnvironmentActions, useEnvironments } from '../base/data/environment-queries.ts';
import { PlanFileField } from './PlanFileField.tsx';
import { PresetChoice, PresetHelp } from './PresetChoice.tsx';
import { presetOf, type EnvironmentPreset } from '../../features/environments/common/environment-presets.ts';
import { RuleSeverities } from './RuleSeverities.tsx';
import { useSandboxInfo } from '../base/data/sandbox-queries.ts';

const zones = ['UTC', 'local', ...Intl.supportedValuesOf('timeZone')];

/**
 * Marks an input whose field has a problem and ties it to the message (given that id by Field and
 * Problem), which a screen reader then reads with the field.
 */
function marks(problems: Map<string, string>, field: string) {
  return { 'aria-invalid': problems.has(field), 'aria-describedby': problems.has(field) ? `env-${field}-problem` : undefined };
}

function Problem({ field, problems }: { field: string; problems: Map<string, string> }) {
  if (!problems.has(field)) return null;
  return (
    <p className="problem" id={`env-${field}-problem`} role="alert">
      {problems.get(field)}
    </p>
  );
}

function Field({ label, id, hint, problem, children }: { label: string; id: string; hint?: ReactNode; problem?: string | undefined; children: ReactNode }) {
  return (
    <div className={`field ${problem ? 'invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {problem ? (
        <p className="problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : (
        hint && <p className="hint">{hint}</p>
      )}
    </div>
  );
}

function PairsEditor({
  label,
  pairs,
  onChange,
  problems,
  field,
  namePlaceholder,
}: {
  label: string;
  pairs: NameValue[];
  onChange: (pairs: NameValue[]) => void;
  problems: Map<string, string>;
  field: string;
  namePlaceholder: string;
}) {
  const update = (index: number, patch: Partial<NameValue>) => onChange(pairs.map((pair, at) => (at === index ? { ...pair, ...patch } : pair)));
  return (
    <fieldset className="pairs">
      <legend>{label}</legend>
      {pairs.length === 0 && <p className="hint">None.</p>}
      {pairs.map((pair, index) => (
        <div className="pair" key={index}>
          <input
            aria-label={`${label} ${index + 1} name`}
            placeholder={namePlaceholder}
            value={pair.name}
            onChange={(event) => update(index, { name: event.target.value })}
            {...marks(problems, `${field}.${index}.name`)}
          />
          <input
            aria-label={`${label} ${index + 1} value`}
            placeholder="value"
            value={pair.value}
            onChange={(event) => update(index, { value: event.target.value })}
            {...marks(problems, `${field}.${index}.value`)}
          />
          <button
            type="button"
            className="small"
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(pairs.filter((_pair, at) => at !== index))}
          >
            Remove
          </button>
          <Problem field={`${field}.${index}.name`} problems={problems} />
          <Problem field={`${field}.${index}.value`} problems={problems} />
        </div>
      ))}
      <button type="button" className="small" onClick={() => onChange([...pairs, { name: '', value: '' }])}>
        Add
      </button>
    </fieldset>
  );
}

function EditorForm({ environment, usedColors, onDone }: { environment: EnvironmentView | null; usedColors: string[]; onDone: () => void }) {
  const { save } = useEnvironmentActions();
  const { data: info } = useAppInfo();
  const [settings, setSettings] = useState<EnvironmentSettings>(() => {
    if (!environment) return { ...DEFAULT_SETTINGS, color: nextEnvironmentColor(usedColors) };
    const {
      id: _id,
      embeddedSandbox: _embedded,
      resolvedBaseUrl: _resolved,
      apiKey: _apiKey,
      passwordRemembered: _remembered,
      secretsUnreadable: _unreadable,
      ...current
    } = environment;
    return current;
  });
  const [apiKey, setApiKey] = useState<string | null | undefined>(undefined);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [submitted, setSubmitted] = useState(false);
  // Counts refused saves: after each, once the fields are marked, focus (and so the scroll) goes to
  // the first of them rather than staying on Save beside a message that only says "above".
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const embedded = environment?.embeddedSandbox ?? false;
  // The Sandbox screen keeps the info cached, so a disabled query still has data: only Local sandbox's editor names its limit.
  const sandboxInfo = useSandboxInfo(embedded);
  const sandbox = embedded ? sandboxInfo.data : undefined;

  // Secrets belong to the origin they were entered for: say before Save which ones a move leaves behind.
  const savedOrigin = environment && !embedded ? originOf(environment.resolvedBaseUrl) : null;
  const typedOrigin = originOf(settings.baseUrl.trim());
  const originWarning =
    environment && savedOrigin && typedOrigin && savedOrigin !== typedOrigin
      ? secretsStayMessage(
          { apiKey: environment.apiKey.set && apiKey === undefined, password: environment.passwordRemembered && settings.rememberPassword },
          savedOrigin,
          typedOrigin,
        )
      : null;

  const localProblems = useMemo(() => checkSettings(settings, { embeddedSandbox: embedded }), [settings, embedded]);
  const problems = new Map((submitted ? [...serverProblems, ...localProblems] : serverProblems).map((problem) => [problem.field, problem.message]));
  const baseUrlDescription = [problems.has('baseUrl') && 'env-baseUrl-problem', originWarning && 'env-baseUrl-origin'].filter(Boolean).join(' ') || undefined;
  const set = <K extends keyof EnvironmentSettings>(key: K, value: EnvironmentSettings[K]) => setSettings((current) => ({ ...current, [key]: value }));
  // The help of a known service follows the address, whether a preset or a person typed it.
  const preset = embedded ? null : presetOf(settings.baseUrl);
  const choosePreset = (chosen: EnvironmentPreset | null) =>
    setSettings((current) => ({ ...current, ...(chosen ? chosen.settings : { name: '', baseUrl: '', serviceIdField: DEFAULT_SETTINGS.serviceIdField }) }));
  const numberField = (key: 'requestTimeoutMs' | 'chunkSize' | 'maxChunkBytes' | 'concurrency' | 'maxAttempts') => ({
    id: `env-${key}`,
    type: 'number',
    value: Number.isNaN(settings[key]) ? '' : settings[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value === '' ? Number.NaN : Number(event.target.value)),
    ...marks(problems, key),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (localProblems.length) {
      setRefusals((count) => count + 1);
      return;
    }
    const result = await save.mutateAsync({ id: environment?.id ?? null, edit: { settings, apiKey } }).catch(() => null);
    if (!result) return;
    if (result.ok) onDone();
    else {
      setServerProblems(result.problems);
      setRefusals((count) => count + 1);
    }
  }

  const title = environment ? `Edit ${environment.name}` : 'New environment';
  return (
    <form ref={form} className="environment-editor" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="editor-title">{title}</h2>
      {!environment && <PresetChoice chosen={preset} onChoose={choosePreset} />}
      {preset && <PresetHelp preset={preset} />}
      <div className="form-grid">
        <Field label="Name" id="env-name" problem={problems.get('name')}>
          <input id="env-name" value={settings.name} onChange={(event) => set('name', event.target.value)} data-autofocus {...marks(problems, 'name')} />
        </Field>
        <Field
          label="Base URL"
          id="env-baseUrl"
          problem={problems.get('baseUrl')}
          hint={embedded ? 'The sandbox built into EventDesk; its address is chosen at start.' : 'Calls go to {base}/oauth2/login and {base}/user/events.'}
        >
          <input
            id="env-baseUrl"
            value={embedded ? (environment?.resolvedBaseUrl ?? '') : settings.baseUrl}
            disabled={embedded}
            placeholder="https://api.example.com"
            onChange={(event) => set('baseUrl', event.target.value)}
            {...marks(problems, 'baseUrl')}
            aria-describedby={baseUrlDescription}
          />
          {originWarning && (
            <p className="inline-warning" id="env-baseUrl-origin" role="status">
              {originWarning}
            </p>
          )}
        </Field>
        <Field
          label="API key"
          id="env-apiKey"
          problem={problems.get('apiKey')}
          hint={
            apiKey === null
              ? 'Will be removed when you save.'
              : environment?.apiKey.set
                ? `Set (${environment.apiKey.hint}). Type a new one to replace it.`
                : 'Not set. Sent as the apiKey header; kept in the main process, never shown again.'
          }
        >
          <div className="inline">
            <input
              id="env-apiKey"
              type="password"
              autoComplete="off"
              value={apiKey ?? ''}
              onChange={(event) => setApiKey(event.target.value === '' ? undefined : event.target.value)}
              {...marks(problems, 'apiKey')}
            />
            {environment?.apiKey.set && (
              <button type="button" className="small" onClick={() => setApiKey(null)}>
                Clear
              </button>
            )}
          </div>
        </Field>
        <Field label="Username" id="env-username" problem={problems.get('username')}>
          <input
            id="env-username"
            autoComplete="off"
            value={settings.username}
            onChange={(event) => set('username', event.target.value)}
            {...marks(problems, 'username')}
          />
        </Field>
        <label className="checkbox">
          <input type="checkbox" checked={settings.rememberPassword} onChange={(event) => set('rememberPassword', event.target.checked)} />
          Remember password (renews the login by itself before it expires)
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={settings.production} onChange={(event) => set('production', event.target.checked)} />
          Production (sending asks for confirmation)
        </label>
        <Field label="Colour" id="env-color" problem={problems.get('color')}>
          <input id="env-color" type="color" value={settings.color} onChange={(event) => set('color', event.target.value)} {...marks(problems, 'color')} />
        </Field>
      </div>

      <h3>Gaps in the API specification</h3>
      <p className="hint">The specification does not say these; each has a default you can change.</p>
      <div className="form-grid">
        <Field
          label="Time zone of server date-times"
          id="env-timeZone"
          problem={problems.get('timeZone')}
          hint="Default UTC. Used to read expires_in and to write created_at. “local” is this computer's zone."
        >
          <input
            id="env-timeZone"
            list="time-zones"
            value={settings.timeZone}
            onChange={(event) => set('timeZone', event.target.value)}
            {...marks(problems, 'timeZone')}
          />
        </Field>
        <Field
          label="Service-id field name"
          id="env-serviceIdField"
          problem={problems.get('serviceIdField')}
          hint="Default svc_id. The real name is the service's brand followed by _id."
        >
          <input
            id="env-serviceIdField"
            value={settings.serviceIdField}
            onChange={(event) => set('serviceIdField', event.target.value)}
            {...marks(problems, 'serviceIdField')}
          />
        </Field>
        <Field
          label="Request timeout (ms)"
          id="env-requestTimeoutMs"
          problem={problems.get('requestTimeoutMs')}
          hint={`Default ${DEFAULT_SETTINGS.requestTimeoutMs.toLocaleString('en')}.`}
        >
          <input {...numberField('requestTimeoutMs')} />
        </Field>
        <Field
          label="Chunk size (events per request)"
          id="env-chunkSize"
          problem={problems.get('chunkSize')}
          hint={`Default ${DEFAULT_SETTINGS.chunkSize}. No limit is specified.`}
        >
          <input {...numberField('chunkSize')} />
        </Field>
        <Field
          label="Largest chunk (bytes)"
          id="env-maxChunkBytes"
          problem={problems.get('maxChunkBytes')}
          hint={`Default ${DEFAULT_SETTINGS.maxChunkBytes.toLocaleString('en')} (5 MiB).${sandbox ? ` The built-in sandbox takes bodies up to ${sandbox.maxBodyBytes.toLocaleString('en')} bytes.` : ''}`}
        >
          <input {...numberField('maxChunkBytes')} />
        </Field>
        <Field label="Requests at once" id="env-concurrency" problem={problems.get('concurrency')} hint="Default 1: chunks go one at a time, in order.">
          <input {...numberField('concurrency')} />
        </Field>
        <Field
          label="Attempts per chunk"
          id="env-maxAttempts"
          problem={problems.get('maxAttempts')}
          hint={`Default ${DEFAULT_SETTINGS.maxAttempts}: retries of 429, 5xx, resets and timeouts included.`}
        >
          <input {...numberField('maxAttempts')} />
        </Field>
      </div>
      <datalist id="time-zones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>

      <PairsEditor
        label="Extra headers"
        field="extraHeaders"
        namePlaceholder="X-Header"
        pairs={settings.extraHeaders}
        problems={problems}
        onChange={(pairs) => set('extraHeaders', pairs)}
      />
      <PairsEditor
        label="Variables"
        field="variables"
        namePlaceholder="name"
        pairs={settings.variables}
        problems={problems}
        onChange={(pairs) => set('variables', pairs)}
      />
      <RuleSeverities severities={settings.ruleSeverity} onChange={(severities) => set('ruleSeverity', severities)} />
      <PlanFileField file={settings.planFile} problem={problems.get('planFile')} onChange={(file) => set('planFile', file)} />

      {info && !info.secretStorage.protectsSecrets && (
        <label className="checkbox inline-warning">
          <input type="checkbox" checked={settings.storeSecretsWithoutKeyring} onChange={(event) => set('storeSecretsWithoutKeyring', event.target.checked)} />
          Keep this environment's secrets on disk even so. {info.secretStorage.summary} With this on they are written
          {info.secretStorage.encryptionAvailable ? ' with a fixed built-in password, which anyone with the file can undo.' : ' unencrypted.'}
        </label>
      )}
      {environment?.secretsUnreadable && (
        <p className="inline-warning">Secrets saved earlier could not be decrypted (the key store changed). Enter the API key again.</p>
      )}
      {save.error && <ErrorNotice title="Could not save" error={save.error} />}
      {submitted && problems.size > 0 && <p className="problem">Fix the fields marked above to save.</p>}
      <div className="dialog-buttons">
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}

export function EnvironmentEditor() {
  const editing = useUi((state) => state.editing);
  const edit = useUi((state) => state.edit);
  const { data } = useEnvironments();
  const environment = editing?.mode === 'edit' ? (data?.environments.find((candidate) => candidate.id === editing.id) ?? null) : null;
  const open = editing !== null && (editing.mode === 'create' || environment !== null);
  return (
    <Modal open={open} onClose={() => edit(null)} labelledBy="editor-title" className="editor">
      <EditorForm
        key={environment?.id ?? 'new'}
        environment={environment}
        usedColors={data?.environments.map((other) => other.color) ?? []}
        onDone={() => edit(null)}
      />
    </Modal>
  );
}
