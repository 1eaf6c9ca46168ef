import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { eventGuide } from '../../../features/plans/common/editor-schema.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { plural } from '../../../base/common/plural.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { useCommand, withShortcut } from '../../base/state/command-registry.ts';
import type { monaco } from '../../monaco/setup.ts';
import { confirm } from '../../base/widgets/questions.ts';
import type { Batch } from '../../base/state/composer.ts';
import { useWorking } from '../../base/state/text-work.ts';
import {
  chooseEvents,
  focusEvent,
  selectionOf,
  showOnly,
  useChosenCount,
  useEventSelection,
  useListFocusRequests,
  useSelectedEvents,
} from '../../base/state/event-selection.ts';
import { EventFilter } from './EventFilter.tsx';
import { EventForm } from './EventForm.tsx';
import { EventList } from './EventList.tsx';
import { useEventFilter } from './event-filter.ts';
import { addEvent, duplicate, keepOnly, remove, step, type BatchTarget } from './event-operations.ts';
import { problemsByEvent, type EventRecord } from './event-problems.ts';
import { useFormEvents } from './form-events.ts';

/** Whether a key pressed there is the field's own to undo: a text field keeps its native undo. */
function ownsUndo(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * Undo and redo of the batch's edits (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z) as commands, while the focus
 * is in the Form view outside a text field: the list's operations say Ctrl/Cmd+Z undoes them.
 * Focus that moves into a dialog (the palette) keeps the last answer, so the palette runs them
 * too; focus that falls to the page (the event it was on deleted) keeps it as well.
 */
function useUndoCommands(model: monaco.editor.ITextModel, view: RefObject<HTMLElement | null>): void {
  const [here, setHere] = useState(false);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('dialog[open]')) return;
      setHere(target instanceof Node && view.current?.contains(target) === true && !ownsUndo(target));
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [view]);
  const reason = 'Works in the Form view, outside a text field';
  useCommand('edit.undo', () => model.undo(), { enabled: here, reason });
  useCommand('edit.redo', () => model.redo(), { enabled: here, reason });
}

/** The count of chosen events, and which of them the buttons act on when the filter hides some. */
function chosenText(chosen: number, hidden: number, focused: number): string {
  if (chosen === 0) return '';
  if (hidden === 0) return `${plural(chosen, 'event')} selected`;
  const acted = hidden === chosen ? `event ${focused + 1}, the one shown` : `the ${(chosen - hidden).toLocaleString('en')} shown`;
  return `${plural(chosen, 'event')} selected, ${hidden === chosen ? 'all' : hidden.toLocaleString('en')} hidden by the filter: actions apply to ${acted}`;
}

/**
 * The same batch as a list of events and a form. The JSON text stays the only truth: the list
 * is read from it, and each change is made on it, so the JSON view shows it at once.
 */
export function FormView({
  batch,
  model,
  diagnostics,
  serviceIdField,
  timeZone,
  plan,
  focusFilter,
  onShowJson,
}: {
  batch: Batch;
  model: monaco.editor.ITextModel;
  diagnostics: Diagnostic[];
  serviceIdField: string;
  timeZone: string;
  plan: TrackingPlan | null;
  focusFilter: number;
  onShowJson: (line: number, column: number) => void;
}) {
  const { layout, edit } = useFormEvents(model, batch.id);
  const settling = useWorking(model);
  const events = layout?.events ?? null;
  const problems = useMemo(() => problemsByEvent(diagnostics), [diagnostics]);
  const selection = useEventSelection(batch.id);
  const chosen = useSelectedEvents(batch.id);
  const [expression, setExpression] = useState('');
  const filter = useEventFilter(expression, events, serviceIdField);
  const filterInput = useRef<HTMLInputElement>(null);
  const target: BatchTarget = { model, batchId: batch.id };
  const view = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useUndoCommands(model, view);
  const { chosen: chosenCount, hidden } = useChosenCount(batch.id);
  const all = useMemo(() => Uint32Array.from({ length: events?.length ?? 0 }, (_, index) => index), [events]);
  const matches = filter.kind === 'matched' ? filter.matches : null;
  const shown = matches ?? (filter.kind === 'matching' ? filter.shown : null) ?? all;

  useEffect(() => {
    if (focusFilter > 0) filterInput.current?.focus();
  }, [focusFilter]);
  // The operations and transforms act on the chosen events the list shows.
  useEffect(() => {
    showOnly(batch.id, matches);
    return () => showOnly(batch.id, null);
  }, [matches, batch.id]);
  // After a delete the keyboard stays in the list, on the event after (see remove), or on "Add event".
  const focusRequests = useListFocusRequests(batch.id);
  const answered = useRef(focusRequests);
  useEffect(() => {
    if (focusRequests === answered.current) return;
    answered.current = focusRequests;
    (view.current?.querySelector<HTMLElement>('[role="listbox"]') ?? addButton.current)?.focus();
  }, [focusRequests, events]);
  // The form shows an event the list shows: a filter that hides it moves the form to the first match.
  useEffect(() => {
    if (matches && matches.length > 0 && !matches.includes(selectionOf(batch.id).focused)) focusEvent(batch.id, matches[0]!);
  }, [matches, batch.id]);

  const keepMatching = () => matches && matches.length > 0 && keepOnly(target, Array.from(matches));
  const deleteMatching = () => {
    if (!matches || matches.length === 0) return;
    const message = `Delete the ${plural(matches.length, 'event')} matching “${expression}”? Ctrl/Cmd+Z undoes it.`;
    void confirm({ title: 'Delete the matching events?', message, action: 'Delete', destructive: true }).then(
      (yes) => yes && remove(target, Array.from(matches)),
    );
  };
  const hasMatches = matches !== null && matches.length > 0;
  useCommand('events.keepMatching', keepMatching, { enabled: hasMatches, reason: 'Filter the events in the Form view first' });
  useCommand('events.deleteMatching', deleteMatching, { enabled: hasMatches, reason: 'Filter the events in the Form view first' });

  if (!events) {
    const syntax = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    return (
      <div className="form-view-problem" role="alert">
        <p>The form needs a JSON array of events{syntax ? `: ${syntax.message}` : '.'}</p>
        {syntax && (
          <button type="button" className="link" onClick={() => onShowJson(syntax.line, syntax.column)}>
            Go to line {syntax.line}, column {syntax.column} in the JSON view
          </button>
        )}
      </div>
    );
  }

  const newEvent = { serviceIdField, timeZone };
  if (events.length === 0) {
    return (
      <div className="empty events-empty" ref={view}>
        <p>The batch has no events yet.</p>
        <button
          type="button"
          className="small primary"
          ref={addButton}
          onClick={() => addEvent(target, -1, newEvent)}
          title={withShortcut('Add an event', 'events.add')}
        >
          Add event
        </button>
      </div>
    );
  }

  const index = Math.min(selection.focused, events.length - 1);
  const event = events[index];
  const acting = chosen ?? [index];
  const what = chosen ? plural(chosen.length, 'event') : `event ${index + 1}`;
  return (
    // A transform's undo or redo edits the text across frames: the form waits (state/text-work.ts).
    <div className="form-view" ref={view} inert={settling} aria-busy={settling}>
      <div className="event-pane">
        <div className="event-actions" role="toolbar" aria-label="Event operations">
          <button
            type="button"
            className="small"
            ref={addButton}
            onClick={() => addEvent(target, index, newEvent)}
            title={withShortcut(`Add an event after event ${index + 1}`, 'events.add')}
          >
            Add event
          </button>
          <button type="button" className="small" onClick={() => duplicate(target, acting)} title={withShortcut(`Duplicate ${what}`, 'events.duplicate')}>
            Duplicate
          </button>
          <button type="button" className="small" onClick={() => remove(target, acting)} title={withShortcut(`Delete ${what}`, 'events.delete')}>
            Delete
          </button>
          <button
            type="button"
            className="small"
            onClick={() => step(target, acting, -1)}
            title={withShortcut(`Move ${what} up`, 'events.moveUp')}
            aria-label="Move up"
          >
            ↑
          </button>
          <button
            type="button"
            className="small"
            onClick={() => step(target, acting, 1)}
            title={withShortcut(`Move ${what} down`, 'events.moveDown')}
            aria-label="Move down"
          >
            ↓
          </button>
          <span className="muted" aria-live="polite">
            {chosenText(chosenCount, hidden, index)}
          </span>
        </div>
        <EventFilter
          expression={expression}
          onChange={setExpression}
          state={filter}
          total={events.length}
          inputRef={filterInput}
          onSelect={() => matches && chooseEvents(batch.id, matches, true)}
          onKeep={keepMatching}
          onDelete={deleteMatching}
        />
        {matches !== null && matches.length === 0 ? (
          <p className="empty">No event matches “{expression}”.</p>
        ) : (
          <EventList target={target} events={events} shown={shown} problems={problems} />
        )}
      </div>
      {event && typeof event === 'object' && !Array.isArray(event) ? (
        <EventForm
          key={index}
          batch={batch}
          index={index}
          event={event as EventRecord}
          serviceIdField={serviceIdField}
          timeZone={timeZone}
          problems={problems.get(index) ?? new Map()}
          guide={plan && eventGuide(plan, event as EventRecord)}
          onEdit={(change) => edit(index, change)}
        />
      ) : (
        <p className="problem">Event {index + 1} is not an object; fix it in the JSON view.</p>
      )}
    </div>
  );
}
