import './transform.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { monaco } from '../../monaco/setup.ts';
import { Modal } from '../../base/widgets/Modal.tsx';
import { tabIdOf, ViewSwitch } from '../../base/widgets/ViewSwitch.tsx';
import { useNotices } from '../../base/state/ui.ts';
import { rememberOrigins } from '../../base/state/pseudonym-origins.ts';
import { applyAsOneStep } from './transform-apply.ts';
import { createTransformClient } from './transform-client.ts';
import { INITIAL_INPUTS, specOf, TRANSFORM_KINDS, type TransformInputs, type TransformKind } from './transform-inputs.ts';
import { withPseudonyms, type AskPseudonyms } from './pseudonyms.ts';
import type { TransformPreview as Preview } from './transform-protocol.ts';
import { TransformForm } from './TransformForms.tsx';
import { changeCountText, TransformPreview } from './TransformPreview.tsx';

/** `replacements`: a pseudonymize's, remembered once applied (pseudonym-origins.ts). */
type Phase =
  | { name: 'form' }
  | { name: 'working' }
  | { name: 'preview'; preview: Preview; version: number; replacements: ReadonlyMap<string, string> }
  | { name: 'applying'; share: number; events: number };

export interface TransformDialogProps {
  batchId: string;
  batchName: string;
  model: monaco.editor.ITextModel;
  timeZone: string;
  serviceIdField: string;
  /** The selected events (0-based), or null for all of them. */
  indexes: readonly number[] | null;
  /** The indexes are the events the list's filter shows, none of them chosen. */
  filtered?: boolean;
  initial: TransformKind;
  askPseudonyms: AskPseudonyms;
  onClose: () => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Transform…": a form, then a preview of what would change, then one edit of the batch's text.
 * The work runs in a worker; the page only waits, with a way to cancel.
 */
export function TransformDialog({
  batchId,
  batchName,
  model,
  timeZone,
  serviceIdField,
  indexes,
  filtered = false,
  initial,
  askPseudonyms,
  onClose,
}: TransformDialogProps) {
  const notify = useNotices((state) => state.notify);
  const [kind, setKind] = useState(initial);
  const [inputs, setInputs] = useState<TransformInputs>(INITIAL_INPUTS);
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [problem, setProblem] = useState<string | null>(null);
  const client = useMemo(() => createTransformClient(), []);
  const panel = useId();
  useEffect(() => () => client.cancel(), [client]);

  const scope = indexes
    ? `the ${indexes.length.toLocaleString('en')} ${filtered ? '' : 'selected '}${indexes.length === 1 ? 'event' : 'events'}${filtered ? ' the filter shows' : ''}`
    : 'every event';
  const working = phase.name === 'working';
  const applying = phase.name === 'applying';
  // Escape would close the dialog halfway through Apply, and typing then would land between
  // slices whose offsets assume the text as it was: the dialog stays until Apply is done.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const dialog = title.current?.closest('dialog');
    if (!dialog || !applying) return;
    const stay = (event: Event) => event.preventDefault();
    dialog.addEventListener('cancel', stay);
    return () => dialog.removeEventListener('cancel', stay);
  }, [applying]);

  // A preview is of the inputs it was made from: any change asks for a new one.
  const change = (update: Partial<TransformInputs>) => {
    setInputs((current) => ({ ...current, ...update }));
    setPhase({ name: 'form' });
  };

  async function preview() {
    const made = specOf(kind, inputs, { timeZone, serviceIdField }, new Date());
    if ('problem' in made) {
      setProblem(made.problem);
      return;
    }
    setProblem(null);
    setPhase({ name: 'working' });
    const version = model.getVersionId();
    const text = model.getValue();
    try {
      const spec = await withPseudonyms(client, text, indexes, made.spec, askPseudonyms);
      const answer = typeof spec === 'string' ? ({ ok: false, message: spec } as const) : await client.ask({ kind: 'preview', text, indexes, spec });
      if (!answer.ok || answer.kind !== 'preview') {
        setProblem(answer.ok ? 'The worker answered out of turn; preview again.' : answer.message);
        setPhase({ name: 'form' });
        return;
      }
      setPhase({
        name: 'preview',
        preview: answer.preview,
        version,
        replacements: typeof spec !== 'string' && spec.kind === 'pseudonymize' ? spec.replacements : new Map(),
      });
    } catch (error) {
      setProblem(messageOf(error));
      setPhase({ name: 'form' });
    }
  }

  async function apply() {
    if (phase.name !== 'preview') return;
    if (model.getVersionId() !== phase.version) {
      setProblem('The batch changed since this preview: preview again.');
      setPhase({ name: 'form' });
      return;
    }
    const { edits, changedCount } = phase.preview;
    setPhase({ name: 'applying', share: 0, events: changedCount });
    await applyAsOneStep(model, edits, (share) => setPhase({ name: 'applying', share, events: changedCount }));
    rememberOrigins(batchId, phase.replacements);
    notify('success', `${changeCountText(changedCount)} Ctrl/Cmd+Z in the JSON view undoes it.`);
    onClose();
  }

  return (
    <Modal open onClose={onClose} labelledBy="transform-title" className="editor transform-dialog">
      <h2 id="transform-title" ref={title}>
        Transform “{batchName}”
      </h2>
      <p className="hint">{`Acts on ${scope}. You see what changes before anything does; applied, it is one step that Ctrl/Cmd+Z in the JSON view undoes.`}</p>
      <ViewSwitch
        label="Transform"
        options={TRANSFORM_KINDS}
        value={kind}
        panel={panel}
        onChange={(next) => {
          setKind(next);
          setProblem(null);
          setPhase({ name: 'form' });
        }}
      />
      <div className="transform-form" role="tabpanel" id={panel} aria-labelledby={tabIdOf(panel, kind)}>
        <TransformForm kind={kind} inputs={inputs} onChange={change} timeZone={timeZone} />
      </div>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      {working && (
        <p className="transform-working" role="status">
          <progress aria-hidden="true" /> Working out what changes…
        </p>
      )}
      {applying && (
        <p className="transform-working" role="status">
          <progress max={1} value={phase.share} aria-hidden="true" />{' '}
          {`Applying the changes to ${phase.events.toLocaleString('en')} ${phase.events === 1 ? 'event' : 'events'}: ${Math.round(phase.share * 100)}%…`}
        </p>
      )}
      {phase.name === 'preview' && <TransformPreview preview={phase.preview} />}
      <div className="dialog-buttons">
        {working && (
          <button type="button" onClick={() => client.cancel()}>
            Stop
          </button>
        )}
        <button type="button" onClick={onClose} disabled={applying}>
          Close
        </button>
        <button
          type="button"
          className={phase.name === 'preview' ? undefined : 'primary'}
          onClick={() => void preview()}
          disabled={working || applying}
          data-autofocus
        >
          Preview
        </button>
        <button type="button" className="primary" onClick={() => void apply()} disabled={phase.name !== 'preview' || phase.preview.changedCount === 0}>
          Apply
        </button>
      </div>
    </Modal>
  );
}
