import './replay.css';
import '../composer/transform/transform.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { AppError } from '../../base/common/errors.ts';
import { resolveTimeZone } from '../../features/environments/common/environment.ts';
import { DEFAULT_PSEUDONYMIZED_FIELDS } from '../../features/transforms/common/pseudonymize.ts';
import { createdAtRange, type CreatedAtRange } from '../../features/transforms/common/time-range.ts';
import { LABEL_MAX } from '../../features/history/common/history.ts';
import { plural } from '../../base/common/plural.ts';
import { rulesFor } from '../../features/validation/common/validation.ts';
import { pseudonymsFrom } from '../composer/transform/pseudonyms.ts';
import { createTransformClient, type TransformClient } from '../composer/transform/transform-client.ts';
import type { WorkerRules } from '../composer/checks/validation-protocol.ts';
import { useEnvironments } from '../base/data/environment-queries.ts';
import { historyKey } from '../base/data/history-queries.ts';
import { useHistory } from '../base/data/history-state.ts';
import { useApi } from '../base/queries.ts';
import { SendAnswer } from '../send/ResponsePanel.tsx';
import { confirmErrors, unsendableReason, useStartSend } from '../send/useSend.ts';
import { Modal } from '../base/widgets/Modal.tsx';
import { useComposer } from '../base/state/composer.ts';
import { useUi } from '../base/state/ui.ts';
import { checkBatch, type BatchCheck } from './batch-check.ts';
import { eventsWithErrors, withoutEvents } from './replay-errors.ts';
import { planCheckText, useTargetPlan } from './replay-plan.tsx';
import type { ReplayRequest } from '../base/data/replay-store.ts';
import { replayText, type ReplayChoices, type ReplaySettings, type ReplayText } from './replay-transforms.ts';

type Preview =
  { state: 'working' } | { state: 'ready'; count: number; range: CreatedAtRange | null; check: BatchCheck | null } | { state: 'problem'; message: string };

/** What stops a send, said in the dialog, with what mends it when the dialog can open that: the environment's settings, or its login. */
interface Problem {
  message: string;
  fix?: 'settings' | 'login';
}

function problemOf(error: unknown): Problem {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AppError && error.code === 'missing-api-key') return { message, fix: 'settings' };
  if (error instanceof AppError && error.code === 'needs-login') return { message, fix: 'login' };
  return { message };
}

/** What the text holds to send: how many events, over which times. */
function previewOf(text: string, timeZone: string): Preview {
  let events: unknown;
  try {
    events = JSON.parse(text);
  } catch {
    return { state: 'problem', message: 'The events to replay are not JSON.' };
  }
  if (!Array.isArray(events)) return { state: 'problem', message: 'The events to replay are not a JSON array.' };
  return { state: 'ready', count: events.length, range: createdAtRange(events, timeZone), check: null };
}

function previewText(count: number, range: CreatedAtRange | null, timeZone: string): string {
  const events = `Sends ${plural(count, 'event')}`;
  if (!range) return `${events}, none with a created_at.`;
  return range.earliest === range.latest
    ? `${events}, created_at ${range.earliest} (${timeZone}).`
    : `${events}, created_at from ${range.earliest} to ${range.latest} (${timeZone}).`;
}

function PlanLine({ text, tone }: { text: string; tone: 'fine' | 'warning' | 'error' }) {
  return (
    <p className={tone === 'fine' ? 'replay-plan' : `replay-plan inline-warning ${tone}`} data-testid="replay-plan">
      {text}
    </p>
  );
}

/**
 * "Replay": events taken from somewhere (captured by the sandbox, a saved file) sent to any
 * environment through the normal send (chunks, retries, history), after the composer's own
 * transforms if chosen. It shows what will go, then the send's progress and its outcome.
 */
export function ReplayDialog({ request, onClose }: { request: ReplayRequest; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const startSend = useStartSend();
  const { data: environments } = useEnvironments();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = environments?.environments ?? [];
  const target = list.find((environment) => environment.id === (chosenId ?? environments?.activeId)) ?? list[0] ?? null;
  const timeZone = resolveTimeZone(target?.timeZone ?? 'UTC');
  const serviceIdField = target?.serviceIdField ?? null;
  const settings = useMemo<ReplaySettings | null>(() => (serviceIdField === null ? null : { timeZone, serviceIdField }), [timeZone, serviceIdField]);
  const ruleSeverity = target?.ruleSeverity;
  const rules = useMemo<WorkerRules | null>(() => {
    if (!settings) return null;
    const { now: _now, ...measured } = rulesFor({ ...settings, ...(ruleSeverity ? { ruleSeverity } : {}) });
    return measured;
  }, [settings, ruleSeverity]);
  // The events are checked against the target's tracking plan too, as Send checks the composer's batch.
  const plan = useTargetPlan(target);
  const planScript = plan?.script ?? null;
  const [choices, setChoices] = useState<ReplayChoices>({ shift: false, pseudonymize: false });
  // The events to replay: those asked for, less any with errors the user chose to leave out.
  const [events, setEvents] = useState({ text: request.eventsText, leftOut: 0 });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [submissionId, setSubmissionId] = useState<string | null>(null);
  const askPseudonyms = useMemo(() => pseudonymsFrom(api), [api]);
  // Each run gets a worker of its own: a newer run ends the one before, whose answer is then dropped.
  const running = useRef<TransformClient | null>(null);
  useEffect(() => () => running.current?.cancel(), []);

  async function prepared(now: Date): Promise<ReplayText> {
    if (!settings) return { ok: false, message: 'There is no environment to send to: add one first.' };
    running.current?.cancel();
    const client = createTransformClient();
    running.current = client;
    try {
      return await replayText(client, events.text, choices, settings, askPseudonyms, now);
    } finally {
      client.cancel();
      if (running.current === client) running.current = null;
    }
  }

  // A preview is of the choices and the environment's settings it was made with: any change makes a new one.
  const previewKey = JSON.stringify([choices, settings, rules, plan === undefined ? 'reading' : planScript, events.leftOut]);
  const [previewed, setPreviewed] = useState<{ key: string; preview: Preview } | null>(null);
  const preview: Preview = previewed?.key === previewKey ? previewed.preview : { state: 'working' };
  const refreshPreview = useEffectEvent((key: string) => {
    // Until the environments and the target's plan are read, there is nothing to transform and check with yet.
    if (!environments || plan === undefined) return;
    let current = true;
    void prepared(new Date()).then(async (made) => {
      const preview = made.ok ? previewOf(made.text, timeZone) : ({ state: 'problem', message: made.message } as const);
      // The events are checked now, as Send will: the errors (and the plan's count) are said before sending.
      if (made.ok && preview.state === 'ready' && rules) preview.check = await checkBatch(made.text, rules, planScript);
      if (current) setPreviewed({ key, preview });
    });
    return () => {
      current = false;
    };
  });
  useEffect(() => refreshPreview(previewKey), [previewKey]);

  const label = `Replay of ${request.source}${events.leftOut > 0 ? `, ${plural(events.leftOut, 'event')} with errors left out` : ''}`.slice(0, LABEL_MAX);
  const withErrors = preview.state === 'ready' && preview.check ? eventsWithErrors(preview.check.diagnostics) : [];
  const leaveOut = () => setEvents((current) => ({ text: withoutEvents(current.text, withErrors), leftOut: current.leftOut + withErrors.length }));

  /**
   * The events made again as they will leave, so "now" is the moment of the click, handed to
   * `proceed`; what stops them is said in the dialog.
   */
  async function withEvents(proceed: (text: string) => Promise<void> | void) {
    if (!target || busy) return;
    setProblem(null);
    setBusy(true);
    try {
      const made = await prepared(new Date());
      if (made.ok) await proceed(made.text);
      else setProblem({ message: made.message });
    } finally {
      setBusy(false);
    }
  }

  /** Errors in the events ask first, as a send from the composer does; then production, a duplicate and a login, as there. */
  const send = () =>
    withEvents(async (text) => {
      if (!target || !rules) return;
      const { diagnostics } = await checkBatch(text, rules, planScript);
      const unsendable = unsendableReason(diagnostics);
      if (unsendable) {
        setProblem({ message: unsendable });
        return;
      }
      if (!(await confirmErrors(diagnostics))) return;
      const started = await startSend(
        target,
        (again) => api.send.start({ environmentId: target.id, batchText: text, again, label }),
        () => void send(),
        (error) => setProblem(problemOf(error)),
      );
      if (started) {
        setSubmissionId(started.id);
        void queryClient.invalidateQueries({ queryKey: historyKey });
      }
    });

  const openInComposer = () =>
    withEvents((text) => {
      useComposer.getState().open({ name: label, text });
      useUi.getState().show('composer');
      onClose();
    });

  function openInHistory() {
    if (!submissionId) return;
    useHistory.getState().open(submissionId);
    useUi.getState().show('history');
    onClose();
  }

  const locked = busy || submissionId !== null;
  const shownProblem: Problem | null = problem ?? (preview.state === 'problem' ? { message: preview.message } : null);
  const choose = (change: Partial<ReplayChoices>) => setChoices((current) => ({ ...current, ...change }));
  return (
    <Modal open onClose={onClose} labelledBy="replay-title" className="replay-dialog">
      <h2 id="replay-title">Replay events</h2>
      <p className="replay-source">{request.source}</p>
      <label className="field">
        Send to
        <select value={target?.id ?? ''} onChange={(event) => setChosenId(event.target.value)} disabled={locked || list.length === 0} data-autofocus>
          {list.map((environment) => (
            <option key={environment.id} value={environment.id}>
              {environment.production ? `${environment.name} (production)` : environment.name}
            </option>
          ))}
        </select>
      </label>
      {target?.production && <p className="inline-warning">{`“${target.name}” is a production environment: Send asks first.`}</p>}
      <fieldset className="transform-choices" disabled={locked}>
        <legend>Before sending</legend>
        <label className="checkbox">
          <input type="checkbox" checked={choices.shift} onChange={(event) => choose({ shift: event.target.checked })} />
          Shift times so the newest is now
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={choices.pseudonymize} onChange={(event) => choose({ pseudonymize: event.target.checked })} />
          Pseudonymize personal fields
        </label>
        <p className="hint">
          {`As the composer's Transform… does: times keep their spacing, in ${timeZone}; customer_id, device_id, emails, phone numbers, IP addresses and the ${DEFAULT_PSEUDONYMIZED_FIELDS.join(', ')} ${DEFAULT_PSEUDONYMIZED_FIELDS.length === 1 ? 'field' : 'fields'} are replaced, the same way every time.`}
        </p>
      </fieldset>
      <p className="replay-preview" role="status">
        {preview.state === 'working' ? 'Working out what will be sent…' : preview.state === 'ready' ? previewText(preview.count, preview.range, timeZone) : ''}
      </p>
      {withErrors.length > 0 && preview.state === 'ready' && (
        <div className="inline-warning replay-errors">
          <p>{`${withErrors.length === preview.count ? `All ${plural(preview.count, 'event')}` : `${withErrors.length} of ${plural(preview.count, 'event')}`} ${withErrors.length === 1 ? 'has' : 'have'} errors under the rules of “${target?.name ?? ''}”: the server refuses ${withErrors.length === 1 ? 'it' : 'them'}, and a chunk holding one is refused whole.`}</p>
          {withErrors.length < preview.count && (
            <button type="button" onClick={leaveOut} disabled={locked}>
              {`Leave ${withErrors.length === 1 ? 'it' : 'them'} out`}
            </button>
          )}
        </div>
      )}
      {events.leftOut > 0 && <p className="hint">{`${plural(events.leftOut, 'event')} with errors left out.`}</p>}
      {plan && preview.state === 'ready' && preview.check && <PlanLine {...planCheckText(plan, preview.check)} />}
      {shownProblem && (
        <div className="problem replay-problem" role="alert">
          <p>{shownProblem.message}</p>
          {target && shownProblem.fix === 'settings' && (
            <button type="button" onClick={() => useUi.getState().edit({ mode: 'edit', id: target.id })}>
              {`Open “${target.name}” settings`}
            </button>
          )}
          {target && shownProblem.fix === 'login' && (
            <button type="button" onClick={() => useUi.getState().askLogin(target.id, () => void send())}>
              {`Log in to “${target.name}”…`}
            </button>
          )}
        </div>
      )}
      {submissionId && (
        <section className="replay-answer" aria-label="The replay's answer">
          <SendAnswer submissionId={submissionId} />
        </section>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
        {submissionId ? (
          <button type="button" className="primary" onClick={openInHistory}>
            Open in History
          </button>
        ) : (
          <>
            <button type="button" onClick={() => void openInComposer()} disabled={busy || !target}>
              Open in composer instead
            </button>
            <button type="button" className="primary" onClick={() => void send()} disabled={busy || !target || preview.state !== 'ready'}>
              Send
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}
