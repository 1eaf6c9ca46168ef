import './plans.css';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { plural } from '../../base/common/plural.ts';
import type { PlanDraft, PlanDraftRequest } from '../../features/plans/common/plan-draft.ts';
import { environmentsKey, useActiveEnvironment } from '../base/data/environment-queries.ts';
import { useApi } from '../base/queries.ts';
import { Modal } from '../base/widgets/Modal.tsx';
import { settledBatchText } from '../base/state/batch-text.ts';
import type { Batch } from '../base/state/composer.ts';
import { useNotices } from '../base/state/ui.ts';
import type { InferAtOpen, PlanUse } from '../base/data/plan-draft-state.ts';
import { PlanOutline } from './PlanOutline.tsx';
import { PlanTextEditor } from '../base/editors.ts';
import { EditorSlot } from '../base/widgets/EditorSlot.tsx';

type Source = 'batch' | 'capture' | 'files' | 'import';
/** The export formats as the user picks them: JSON Schemas come as files or as a folder. */
type ImportChoice = 'json-schema' | 'json-schema-folder' | 'segment' | 'rudderstack';

const IMPORT_CHOICES: Record<ImportChoice, string> = {
  'json-schema': 'JSON Schemas (Avo, ampli)',
  'json-schema-folder': 'A folder of JSON Schemas',
  segment: 'Segment Protocols export',
  rudderstack: 'RudderStack export',
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function requestOf(
  source: Source,
  choices: { format: ImportChoice; acceptedOnly: boolean },
  batch: Batch | null,
  text: string,
  naming: { key?: string; name?: string },
): PlanDraftRequest {
  const { format } = choices;
  if (source === 'batch') return { source, text, batchName: batch?.name.slice(0, 500) ?? '', ...naming };
  if (source === 'capture') return { source, acceptedOnly: choices.acceptedOnly, ...naming };
  if (source === 'files') return { source, ...naming };
  return { source, format: format === 'json-schema-folder' ? 'json-schema' : format, folder: format === 'json-schema-folder', ...naming };
}

function summaryOf(draft: PlanDraft): string {
  const kinds = `${plural(draft.kinds, 'kind')} from ${draft.from}`;
  if (draft.events === null || draft.planned === null || draft.planned === draft.events) return `${kinds}.`;
  return `${kinds}; ${plural(draft.planned, 'event')} of them named a kind.`;
}

/** Why the key drafted no kind, or one per event, and the fields to key by instead: one click infers again by one. */
function KeyAdvice({ advice, busy, onKeyBy }: { advice: NonNullable<PlanDraft['advice']>; busy: boolean; onKeyBy: (key: string) => void }) {
  return (
    <section className="plan-draft-advice" aria-label="About the key">
      <p role="alert">{advice.message}</p>
      {advice.candidates.length > 0 && (
        <ul>
          {advice.candidates.map((candidate) => (
            <li key={candidate.key}>
              <button type="button" disabled={busy} onClick={() => onKeyBy(candidate.key)}>
                Key by {candidate.key}
              </button>
              <span className="hint">{candidate.description}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the dialog says while the services read the source. */
const READING: Record<Source, string> = {
  batch: 'Reading the batch’s events…',
  capture: 'Reading the captured events…',
  files: 'Reading the files…',
  import: 'Reading the files…',
};

/**
 * "Draft a tracking plan": a plan inferred from the open batch, batch files or what the
 * sandbox captured, or imported
 * from another tool's export (the work runs in the services; files come from main's dialog),
 * shown as kinds and attributes beside its editable JSON, saved as a file once it loads as a
 * plan, and then used by the active environment (or put in the environment editor's form).
 */
export function PlanDraftDialog({ batch, inferNow, use, onClose }: { batch: Batch | null; inferNow: InferAtOpen | null; use: PlanUse; onClose: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const environment = useActiveEnvironment();
  const notify = useNotices((state) => state.notify);
  const id = useId();
  const [source, setSource] = useState<Source>(inferNow === 'capture' ? 'capture' : batch ? 'batch' : 'files');
  const [format, setFormat] = useState<ImportChoice>('json-schema');
  const [acceptedOnly, setAcceptedOnly] = useState(false);
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The draft, and how many were made: each new one starts a new editor. */
  const [draft, setDraft] = useState<{ result: PlanDraft; made: number } | null>(null);
  const [text, setText] = useState('');
  const shownText = useDeferredValue(text);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState<{ path: string; name: string; warnings: string[]; text: string } | null>(null);

  /** Drafts from `from`, keyed by `keyedBy` (a proposed field) or else by what Key field says. */
  async function make(from: Source, keyedBy = key) {
    setBusy(true);
    setFailure(null);
    try {
      const naming = { ...(keyedBy.trim() ? { key: keyedBy.trim() } : {}), ...(name.trim() ? { name: name.trim() } : {}) };
      const batchText = from === 'batch' && batch ? await settledBatchText(batch.id) : '';
      const result = await api.plans.draft(requestOf(from, { format, acceptedOnly }, batch, batchText, naming));
      if (result === null) return;
      setDraft((before) => ({ result, made: (before?.made ?? 0) + 1 }));
      setText(result.text);
      setProblems([]);
      setSaved(null);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  // "Infer a tracking plan from this batch" (or from the capture) infers at once; the ref keeps a remount from asking twice.
  const inferred = useRef(false);
  const inferAtOpen = useEffectEvent(() => {
    if (inferNow === 'capture') void make('capture');
    else if (inferNow === 'batch' && batch) void make('batch');
  });
  useEffect(() => {
    if (inferred.current) return;
    inferred.current = true;
    inferAtOpen();
  }, []);

  async function save() {
    setFailure(null);
    try {
      const result = await api.plans.save({ text });
      if (result === null) return;
      if (!result.saved) {
        setProblems(result.problems);
        return;
      }
      setProblems([]);
      setSaved({ ...result, text });
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  async function applySaved(file: { path: string; name: string }) {
    if (use.to === 'form') {
      use.choose(file.path);
      onClose();
      return;
    }
    if (!environment) return;
    try {
      const result = await api.plans.use({ environmentId: environment.id, path: file.path });
      if (!result.ok) {
        setFailure(result.problems.map((problem) => problem.message).join(' '));
        return;
      }
      await client.invalidateQueries({ queryKey: environmentsKey });
      notify('success', `${environment.name} checks its batches against ${file.name} now.`);
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  const chooseLabel =
    source === 'batch' || source === 'capture' ? 'Infer' : source === 'import' && format === 'json-schema-folder' ? 'Choose folder…' : 'Choose files…';
  const useLabel = use.to === 'form' ? 'Use in this environment' : environment ? `Use for ${environment.name}` : null;
  const result = draft?.result ?? null;

  function keyBy(field: string) {
    setKey(field);
    void make(source, field);
  }

  return (
    <Modal open onClose={onClose} labelledBy={`${id}-title`} className="plan-draft">
      <h2 id={`${id}-title`}>Draft a tracking plan</h2>
      <p className="hint">From real events or another tool’s export: review what was drafted, edit its JSON, and save it as a file your team keeps.</p>
      <div className="plan-draft-source">
        <fieldset>
          <legend>Draft from</legend>
          <label className="checkbox">
            <input
              type="radio"
              name={`${id}-source`}
              checked={source === 'batch'}
              disabled={!batch}
              onChange={() => setSource('batch')}
              data-autofocus={source === 'batch' || undefined}
            />
            {batch ? `This batch, “${batch.name}”` : 'This batch (none is open)'}
          </label>
          <div className="inline">
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-source`}
                checked={source === 'capture'}
                onChange={() => setSource('capture')}
                data-autofocus={source === 'capture' || undefined}
              />
              The sandbox’s capture
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={acceptedOnly} disabled={source !== 'capture'} onChange={(event) => setAcceptedOnly(event.target.checked)} />
              accepted events only
            </label>
          </div>
          <label className="checkbox">
            <input
              type="radio"
              name={`${id}-source`}
              checked={source === 'files'}
              onChange={() => setSource('files')}
              data-autofocus={source === 'files' || undefined}
            />
            Event files (JSON, NDJSON, CSV, HAR, cURL)
          </label>
          <label className="checkbox">
            <input type="radio" name={`${id}-source`} checked={source === 'import'} onChange={() => setSource('import')} />
            Another tool’s tracking plan:
            <select
              aria-label="Export format"
              value={format}
              disabled={source !== 'import'}
              onChange={(event) => setFormat(event.target.value as ImportChoice)}
            >
              {Object.entries(IMPORT_CHOICES).map(([choice, label]) => (
                <option key={choice} value={choice}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <div className="plan-draft-naming">
          <label>
            Key field
            <input
              value={key}
              placeholder="token"
              onChange={(event) => setKey(event.target.value)}
              title="The event field whose value names the kind of event; dots reach inside a field: attributes.screen"
            />
          </label>
          <label>
            Plan name
            <input value={name} placeholder={source === 'import' ? 'the export’s' : 'Draft plan'} onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="button" className={result ? '' : 'primary'} disabled={busy} onClick={() => void make(source)}>
            {chooseLabel}
          </button>
        </div>
      </div>
      {busy && (
        <p className="plan-draft-busy" role="status">
          {READING[source]}
        </p>
      )}
      {failure && (
        <p className="problem" role="alert">
          {failure}
        </p>
      )}
      {result && (
        <section className="plan-draft-result" aria-label="Drafted plan" aria-busy={busy}>
          <p data-testid="plan-draft-summary">{summaryOf(result)}</p>
          {result.notes.length > 0 && (
            <ul className="plan-draft-notes" aria-label="Notes">
              {result.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          {result.advice && <KeyAdvice advice={result.advice} busy={busy} onKeyBy={keyBy} />}
          {result.kinds === 0 ? (
            <p className="plan-draft-empty" data-testid="plan-draft-empty">
              {result.events === 0
                ? 'No events were read, so there is no plan: draft from a batch, files or a capture that hold some.'
                : 'No kind of event, so no plan. Name the field that says each event’s kind under Key field (dots reach inside one: attributes.screen), and infer again.'}
            </p>
          ) : (
            <div className="plan-draft-review">
              <PlanOutline text={shownText} />
              <EditorSlot>
                <PlanTextEditor key={draft!.made} initialText={result.text} onChange={setText} />
              </EditorSlot>
            </div>
          )}
        </section>
      )}
      {problems.length > 0 && (
        <div className="problem" role="alert">
          Not saved: the plan has {plural(problems.length, 'problem')}; fix {problems.length === 1 ? 'it' : 'them'} in the JSON and save again.
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {saved && (
        <p className="plan-draft-saved" role="status">
          {saved.text === text ? `Saved to ${saved.path}.` : `Edited since it was saved to ${saved.path}: save again to keep the edits.`}
          {saved.warnings.length > 0 && ` ${plural(saved.warnings.length, 'warning')}: ${saved.warnings.join('; ')}`}
        </p>
      )}
      <div className="dialog-buttons">
        {result && result.kinds > 0 && (
          <button type="button" className={saved ? '' : 'primary'} onClick={() => void save()}>
            Save plan as…
          </button>
        )}
        {saved && useLabel && (
          <button type="button" className="primary" onClick={() => void applySaved(saved)}>
            {useLabel}
          </button>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
