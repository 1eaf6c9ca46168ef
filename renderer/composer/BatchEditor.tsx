import './toolbar.css';
import Editor from '@monaco-editor/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { resolveTimeZone } from '../../features/environments/common/environment.ts';
import { rulesFor } from '../../features/validation/common/validation.ts';
import { planFailure } from '../../features/plans/common/plan-status.ts';
import { shortcutOf, useCommand, withShortcut } from '../base/state/command-registry.ts';
import { useActivePlan } from '../base/data/plan-queries.ts';
import { useActiveEnvironment } from '../base/data/environment-queries.ts';
import { setBatchContext, showDiagnostics } from '../monaco/batch-language.ts';
import { usePlanDocument } from '../monaco/plan-document.ts';
import { batchModel, batchModelPath, modelWaits, prepareBatchModel } from '../monaco/batch-models.ts';
import { monaco } from '../monaco/setup.ts';
import { BIG_TEXT_CHARS } from '../monaco/big-text.ts';
import { useActiveBatch } from '../base/state/composer.ts';
import { selectionOf } from '../base/state/event-selection.ts';
import { useUi } from '../base/state/ui.ts';
import { isWorking } from '../base/state/text-work.ts';
import { useColorScheme } from '../base/theme.ts';
import { formatInEditor, revealInEditor, setEditor, showSpanInEditor } from './checks/editor-handle.ts';
import { useSend } from '../send/useSend.ts';
import { FileActions } from './FileActions.tsx';
import { FormView } from './form/FormView.tsx';
import { useEventCommands } from './form/event-commands.ts';
import { eventsLayoutOf } from './form/form-events.ts';
import { ImportExport } from './import/ImportExport.tsx';
import { InMore, MoreMenu } from '../base/widgets/MoreMenu.tsx';
import { PlanStatusLine } from './PlanStatusLine.tsx';
import { takeCaret } from './caret-handover.ts';
import { ProblemsList } from './checks/ProblemsList.tsx';
import { TransformButton } from './transform/TransformButton.tsx';
import { useValidation } from './checks/useValidation.ts';
import { tabIdOf, ViewSwitch } from '../base/widgets/ViewSwitch.tsx';
import { SERVICE_ID_FIELD } from '../../features/environments/common/rules.ts';

/** What the editor shows while a big batch's model is built: an empty model of its own. */
const LOADING_MODEL_PATH = 'loading-batch.json';

/**
 * Whether the editor takes typing: not into the empty model that stands in while a big batch's is
 * built (`loadingName`), where it would be lost, nor into a model a transform's undo or redo is
 * still editing (transform-apply.ts holds typing off while it does). Set when either changes,
 * apart from the editor's other options, which are set whenever they change.
 */
function takesTyping(editor: monaco.editor.IStandaloneCodeEditor, loadingName: string | null, model: monaco.editor.ITextModel | null): void {
  editor.updateOptions({
    readOnly: loadingName !== null || (model !== null && isWorking(model)),
    // Monaco's own message otherwise.
    readOnlyMessage: loadingName === null ? undefined : { value: `“${loadingName}” is still loading into the editor; type once it shows.` },
  } as monaco.editor.IEditorOptions);
}

/** Import… and Transform… while a big batch's model is built: there, and saying what they wait for. */
function WaitingForModel({ name }: { name: string }) {
  const reason = `Waits until “${name}” is loaded into the editor`;
  return (
    <>
      <button type="button" className="small" disabled title={reason}>
        Import…
      </button>
      <button type="button" className="small" disabled title={reason}>
        Transform…
      </button>
    </>
  );
}

/** The Form view's undo and redo, while the JSON view is shown: they cannot run, and say why (the Form view registers them itself). */
function FormUndoInJsonView() {
  const reason = `Works in the Form view; in the JSON view, ${shortcutOf('edit.undo') ?? 'Undo'} in the editor undoes`;
  useCommand('edit.undo', () => undefined, { enabled: false, reason });
  useCommand('edit.redo', () => undefined, { enabled: false, reason });
  return null;
}

/** The caret the plain view left for this batch (PlainBatchEditor.tsx), where it was, with the focus if it had it. */
function takeOverCaret(editor: monaco.editor.IStandaloneCodeEditor, batchId: string): void {
  const caret = takeCaret(batchId);
  const model = editor.getModel();
  if (!caret || !model) return;
  editor.setSelection(monaco.Selection.fromPositions(model.getPositionAt(caret.start), model.getPositionAt(caret.end)));
  editor.revealPositionInCenterIfOutsideViewport(model.getPositionAt(caret.end));
  if (caret.focused) editor.focus();
}

/**
 * The batch's model, made before the editor mounts so the editor shows it rather than making its
 * own; for a big text (see text-buffer.ts) null until its buffer is built a slice a task.
 */
function useBatchModel(batchId: string | undefined): monaco.editor.ITextModel | null {
  const [built, setBuilt] = useState(0);
  const waits = batchId !== undefined && modelWaits(batchId);
  useEffect(() => {
    if (batchId === undefined || !waits) return;
    let live = true;
    void prepareBatchModel(batchId).then(() => live && setBuilt((count) => count + 1));
    return () => {
      live = false;
    };
  }, [batchId, waits, built]);
  return useMemo(() => (batchId === undefined || waits ? null : batchModel(batchId)), [batchId, waits]);
}

/** Loaded on demand (see Shell): Monaco is most of the renderer's code, and the shell need not wait for it. */
export default function BatchEditor() {
  const batch = useActiveBatch();
  const batchId = batch?.id;
  const model = useBatchModel(batchId);
  const scheme = useColorScheme();
  const environment = useActiveEnvironment();
  const [view, setView] = useState<'json' | 'form'>('json');
  // From the Form view, the JSON view opens at the event the form showed, not at line 1.
  const showView = (next: 'json' | 'form') => {
    const layout = next === 'json' && view === 'form' && batchId !== undefined && model ? eventsLayoutOf(model) : null;
    const focused = batchId === undefined ? 0 : selectionOf(batchId).focused;
    const [start, end] = [layout?.starts[focused], layout?.ends[focused]];
    setView(next);
    // The editor is shown again on the next frame; then it can scroll.
    if (start !== undefined && end !== undefined) requestAnimationFrame(() => showSpanInEditor(start, end));
  };
  const panel = useId();
  const [more, setMore] = useState<HTMLElement | null>(null);
  const pane = useRef<HTMLDivElement>(null);

  const serviceIdField = environment?.serviceIdField ?? SERVICE_ID_FIELD;
  const timeZone = resolveTimeZone(environment?.timeZone ?? 'UTC');
  const ruleSeverity = environment?.ruleSeverity;
  const rules = useMemo(() => {
    const { now: _now, ...rest } = rulesFor({ serviceIdField, timeZone, ...(ruleSeverity ? { ruleSeverity } : {}) });
    return rest;
  }, [serviceIdField, timeZone, ruleSeverity]);
  const plan = useActivePlan();
  const validation = useValidation(model, rules, plan?.script ?? null);
  const big = model !== null && model.getValueLength() > BIG_TEXT_CHARS;
  const options = useMemo(
    () => ({
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      scrollBeyondLastLine: false,
      automaticLayout: true,
      fixedOverflowWidgets: true,
      // Monaco's stylesheet is a file the page links; a context menu in a shadow root does not
      // see it and showed with no background.
      useShadowDOM: false,
      ariaLabel: 'Batch JSON',
      lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.On },
      // For 100 000 events, the JSON worker answers every edit with the folding ranges of the
      // whole text, and every keystroke with each value the same key has anywhere in it as a
      // suggestion: messages the page takes 100-300 ms to read, so typing stutters. Ctrl+Space
      // still suggests.
      folding: !big,
      quickSuggestions: !big,
      suggestOnTriggerCharacters: !big,
      wordBasedSuggestions: big ? ('off' as const) : ('matchingDocuments' as const),
    }),
    [big],
  );
  const sender = useSend(batch, { batchId: batch?.id ?? null, diagnostics: validation.diagnostics, counts: validation.counts, pending: validation.pending });
  const { send } = sender;

  // These act on the composer, so they bring it forward first.
  const inComposer = (run: () => unknown) => () => {
    useUi.getState().show('composer');
    return run();
  };
  const open = batch !== null;
  // Only where the batch is in view: Ctrl+Enter in the history's note must not send the composer's batch.
  const shown = useUi((state) => state.screen === 'composer');
  useCommand('send.send', send, {
    enabled: shown && open && sender.ready && !sender.busy,
    reason: !shown
      ? `Sends the batch in the composer: ${withShortcut('show it first', 'view.composer')}`
      : !open
        ? 'No batch is open'
        : sender.checking
          ? 'This batch is being checked before it is sent'
          : sender.busy
            ? 'This batch is being sent'
            : 'No environment is active',
  });
  useCommand('batch.format', inComposer(formatInEditor), {
    enabled: open && view === 'json',
    reason: open ? 'Formatting works in the JSON view' : 'No batch is open',
  });
  useCommand(
    'view.json',
    inComposer(() => showView('json')),
    { enabled: open, reason: 'No batch is open' },
  );
  useCommand(
    'view.form',
    inComposer(() => showView('form')),
    { enabled: open, reason: 'No batch is open' },
  );
  const [focusFilter, setFocusFilter] = useState(0);
  const eventCommands = useEventCommands({
    target: batch && model ? { model, batchId: batch.id } : null,
    view,
    serviceIdField,
    timeZone,
    showInList: () => setView('form'),
    focusFilter: inComposer(() => {
      setView('form');
      setFocusFilter((count) => count + 1);
    }),
  });

  const planDocument = usePlanDocument(plan?.script ?? null);
  useEffect(() => setBatchContext(serviceIdField, timeZone, planDocument), [serviceIdField, timeZone, planDocument]);
  useEffect(() => {
    if (model && !validation.pending) showDiagnostics(model, validation.diagnostics);
  }, [model, validation]);
  useEffect(() => () => setEditor(null), []);
  // A big batch's model arrives after the editor mounted: the caret the plain view left goes to it then.
  const mounted = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const loadingName = batch && !model ? batch.name : null;
  // The editor's onMount is the one of the first render (@monaco-editor/react keeps it): it reads this.
  const shownNow = useRef<{ loadingName: string | null; model: monaco.editor.ITextModel | null }>({ loadingName: null, model: null });
  useEffect(() => {
    shownNow.current = { loadingName, model };
    if (mounted.current) takesTyping(mounted.current, loadingName, model);
  }, [loadingName, model]);
  useEffect(() => {
    if (model && batchId !== undefined && mounted.current) takeOverCaret(mounted.current, batchId);
  }, [model, batchId]);

  if (!batch) return <p className="empty">No batch is open. Start one with +.</p>;
  return (
    <div className="batch-editor-pane" ref={pane}>
      <div className="editor-toolbar" data-testid="editor-toolbar">
        <span className="muted" data-testid="event-count">
          {!model
            ? 'Loading…'
            : validation.eventCount === null
              ? validation.pending
                ? 'Checking…'
                : 'Not a batch of events'
              : `${validation.eventCount.toLocaleString('en')} ${validation.eventCount === 1 ? 'event' : 'events'}`}
        </span>
        <FileActions batch={batch} more={more} />
        {/* What acts on the batch's text waits for its model (a big one is built over a few frames): until then it says so. */}
        {!model && <WaitingForModel name={batch.name} />}
        {model && (
          <>
            <ImportExport
              batch={batch}
              dropTarget={pane}
              into={{
                target: { model, batchId: batch.id },
                selectedEvent: eventCommands.selectedEvent,
                checkedEventCount: () => (validation.pending ? null : validation.eventCount),
              }}
              more={more}
            />
            <TransformButton batch={batch} model={model} timeZone={timeZone} serviceIdField={serviceIdField} />
          </>
        )}
        <MoreMenu onPanel={setMore} />
        <InMore panel={more}>
          <button type="button" className="small" onClick={formatInEditor} title={withShortcut('Format document', 'batch.format')} disabled={view !== 'json'}>
            Format
          </button>
        </InMore>
        <span className="spacer" />
        <ViewSwitch
          label="View"
          options={[
            ['json', 'JSON'],
            ['form', 'Form'],
          ]}
          value={view}
          onChange={showView}
          panel={panel}
        />
        <button
          type="button"
          className="small primary"
          onClick={() => void send()}
          disabled={!sender.ready || sender.busy}
          title={withShortcut('Send to the active environment', 'send.send')}
        >
          {sender.checking ? 'Checking…' : sender.busy ? 'Sending…' : 'Send'}
        </button>
      </div>
      <div className="batch-view" role="tabpanel" id={panel} aria-labelledby={tabIdOf(panel, view)}>
        {view === 'json' && <FormUndoInJsonView />}
        {!model && (
          <p className="loading-over" role="status">
            Loading “{batch.name}” into the editor…
          </p>
        )}
        {view === 'form' && model && (
          <FormView
            key={batch.id}
            batch={batch}
            model={model}
            diagnostics={validation.diagnostics}
            serviceIdField={serviceIdField}
            timeZone={timeZone}
            plan={planDocument}
            focusFilter={focusFilter}
            onShowJson={(line, column) => {
              setView('json');
              // The editor is shown again on the next frame; then the cursor can move.
              requestAnimationFrame(() => revealInEditor(line, column));
            }}
          />
        )}
        <div className="batch-editor" data-testid="batch-editor" hidden={view !== 'json'}>
          <Editor
            // Uncontrolled: the batch's own model (see batch-models.ts) holds the text, and outlives this
            // editor. While a big one is built, an empty model stands in: the editor stays mounted.
            path={model ? batchModelPath(batch.id) : LOADING_MODEL_PATH}
            keepCurrentModel
            language="json"
            theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
            onMount={(editor) => {
              mounted.current = editor;
              takesTyping(editor, shownNow.current.loadingName, shownNow.current.model);
              setEditor(editor);
              eventCommands.mount(editor);
              if (model) takeOverCaret(editor, batch.id);
            }}
            loading={<p className="empty">Loading the editor…</p>}
            options={options}
          />
        </div>
      </div>
      <ProblemsList
        diagnostics={validation.diagnostics}
        counts={validation.counts}
        pending={validation.pending}
        plan={!plan ? 'none' : planFailure(plan, validation.planProblem) === null ? 'applied' : 'not-applied'}
      >
        <PlanStatusLine plan={plan} workerProblem={validation.planProblem} coverage={validation.coverage} />
      </ProblemsList>
    </div>
  );
}
