import { formatDateTime } from '../../../base/common/datetime.ts';
import {
  deleteEvents,
  duplicateEvents,
  insertEvents,
  keepOnlyEvents,
  orderAfterMoveTo,
  orderAfterStep,
  reorderEvents,
  writeEvents,
  type EventChange,
  type LaidOut,
} from '../../../features/transforms/common/operations.ts';
import { plural } from '../../../base/common/plural.ts';
import { monaco } from '../../monaco/setup.ts';
import { focusAfterDelete, followEdit, requestListFocus } from '../../base/state/event-selection.ts';
import { useNotices } from '../../base/state/ui.ts';
import { eventAtTextOffset } from '../../../features/validation/common/batch-layout.ts';
import { applyEventChanges, eventsLayoutOf, knownEventsLayoutOf, sourceOf, type EventsLayout } from './form-events.ts';

/**
 * The event operations on one batch's text, for the Form view's list, the JSON view's context
 * menu and the palette alike: each is one edit (one undo step) made of the changes
 * features/transforms/common/operations.ts computes, after which the selection follows the events.
 */

export interface BatchTarget {
  model: monaco.editor.ITextModel;
  batchId: string;
}

/** What a new event holds: the customer and service of the one it follows, a new device, now. */
export interface NewEventContext {
  serviceIdField: string;
  timeZone: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function run(target: BatchTarget, changes: (layout: NonNullable<ReturnType<typeof eventsLayoutOf>>) => EventChange[]): LaidOut | null {
  const layout = eventsLayoutOf(target.model);
  return layout ? applyEventChanges(target.model, changes(layout)) : null;
}

const UNDO_HINT = ' Ctrl/Cmd+Z undoes it.';

/** After an insert: the new events are selected, the form on the first. */
function selectAdded(target: BatchTarget, next: LaidOut | null): LaidOut | null {
  if (next) followEdit(target.batchId, next.moved, next.events.length, { focus: next.added[0]!, select: next.added });
  return next;
}

export function addEvent(target: BatchTarget, after: number, { serviceIdField, timeZone }: NewEventContext): void {
  const events = eventsLayoutOf(target.model)?.events;
  if (!events) {
    useNotices.getState().notify('error', 'No event was added: the batch is not a JSON array of events yet. Fix what the Problems list shows first.');
    return;
  }
  const near = events[Math.max(0, Math.min(after, events.length - 1))];
  insertEventsAfter(target, after, [
    {
      token: '',
      customer_id: isRecord(near) && typeof near.customer_id === 'string' ? near.customer_id : '',
      device_id: crypto.randomUUID(),
      [serviceIdField]: isRecord(near) && typeof near[serviceIdField] === 'number' ? near[serviceIdField] : 1,
      created_at: formatDateTime(new Date(), timeZone),
      attributes: {},
    },
  ]);
}

/** Inserts events after the one at `after`, each written as the batch writes its events. */
export function insertEventsAfter(target: BatchTarget, after: number, values: readonly unknown[]): LaidOut | null {
  const next = run(target, (layout) => {
    const source = sourceOf(target.model);
    return insertEvents(source, layout, after, writeEvents(source, layout, Math.max(after, 0), values), values);
  });
  return selectAdded(target, next);
}

export function duplicate(target: BatchTarget, indexes: readonly number[]): void {
  selectAdded(
    target,
    run(target, (layout) => duplicateEvents(sourceOf(target.model), layout, indexes)),
  );
}

/** Deletes the events; the focus goes to the next event the list shows, else the one before, else "Add event". */
export function remove(target: BatchTarget, indexes: readonly number[]): void {
  const count = eventsLayoutOf(target.model)?.events.length ?? 0;
  const focus = indexes.length > 0 ? focusAfterDelete(target.batchId, count, indexes) : null;
  const next = run(target, (layout) => deleteEvents(sourceOf(target.model), layout, indexes));
  if (!next) return;
  followEdit(target.batchId, next.moved, next.events.length, { focus: focus === null ? 0 : next.moved[focus]!, select: [] });
  requestListFocus(target.batchId);
  useNotices.getState().notify('info', `Deleted ${plural(indexes.length, 'event')}.${UNDO_HINT}`);
}

export function keepOnly(target: BatchTarget, indexes: readonly number[]): void {
  const next = run(target, (layout) => keepOnlyEvents(sourceOf(target.model), layout, indexes));
  if (!next) return;
  followEdit(target.batchId, next.moved, next.events.length, { focus: 0, select: [] });
  useNotices.getState().notify('info', `Kept ${plural(next.events.length, 'event')}.${UNDO_HINT}`);
}

export function step(target: BatchTarget, indexes: readonly number[], by: -1 | 1): void {
  const next = run(target, (layout) => reorderEvents(sourceOf(target.model), layout, orderAfterStep(layout.events.length, indexes, by)));
  if (next) followEdit(target.batchId, next.moved, next.events.length);
}

/** Moves the events to stand before the one now at `before` (a drag and drop). */
export function moveTo(target: BatchTarget, indexes: readonly number[], before: number): void {
  const next = run(target, (layout) => reorderEvents(sourceOf(target.model), layout, orderAfterMoveTo(layout.events.length, indexes, before)));
  if (next) followEdit(target.batchId, next.moved, next.events.length);
}

/** The index of the event whose text holds this offset, or null; reads the layout of the whole text, which acting on the event needs. */
export function eventAtOffset(model: monaco.editor.ITextModel, offset: number): number | null {
  const layout = eventsLayoutOf(model);
  return layout ? eventInLayout(layout, offset) : null;
}

/**
 * The same for a question that only names the event (the import's "after event N"): from the
 * layout when it has been read already, else from the text up to the offset only. The layout
 * reads all of a 25 MB batch (130 ms); a cursor near its top is placed at once. A text broken
 * past the offset still answers: what then acts on the event reads it whole, and says so.
 */
export function eventNamedAtOffset(model: monaco.editor.ITextModel, offset: number): number | null {
  const known = knownEventsLayoutOf(model);
  if (known !== undefined) return known ? eventInLayout(known, offset) : null;
  const upTo = monaco.Range.fromPositions(model.getPositionAt(0), model.getPositionAt(offset + 1));
  return eventAtTextOffset(model.getValueInRange(upTo), offset);
}

function eventInLayout(layout: EventsLayout, offset: number): number | null {
  // The last event starting at or before the offset, found by halving: 100 000 spans, 17 looks.
  let low = 0;
  let high = layout.starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (layout.starts[middle]! <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found >= 0 && offset <= layout.ends[found]! ? found : null;
}
