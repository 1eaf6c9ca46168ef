import { useEffect, useRef } from 'react';
import type { CommandId } from '../../../app/common/commands.ts';
import { commands } from '../../../app/common/commands.ts';
import { useCommand } from '../../base/state/command-registry.ts';
import type { monaco } from '../../monaco/setup.ts';
import { pickEvent, targetEvents } from '../../base/state/event-selection.ts';
import { useNotices, useUi } from '../../base/state/ui.ts';
import { addEvent, duplicate, eventAtOffset, eventNamedAtOffset, remove, step, type BatchTarget, type NewEventContext } from './event-operations.ts';
import { eventsLayoutOf } from './form-events.ts';

/**
 * The event operations as commands (palette, shortcuts) and as the JSON view's context menu:
 * in the Form view they act on the selection (or the event the form shows), in the JSON view on
 * the event under the cursor.
 */

export interface EventCommandsContext extends NewEventContext {
  target: BatchTarget | null;
  view: 'json' | 'form';
  /** Shows the event in the Form view's list, selected. */
  showInList: (index: number) => void;
  focusFilter: () => void;
}

/** The context menu's own group, below Monaco's. */
const MENU_GROUP = '9_events';
const MENU = [
  'events.duplicate',
  'events.delete',
  'events.moveUp',
  'events.moveDown',
  'events.selectInList',
  'events.add',
] as const satisfies readonly CommandId[];

/** The event under the JSON view's cursor, found by `at` (eventAtOffset to act on it, eventNamedAtOffset to name it). */
function cursorEvent(editor: monaco.editor.ICodeEditor | null, target: BatchTarget, at = eventAtOffset): number | null {
  const position = editor?.getModel() === target.model ? editor.getPosition() : null;
  return position ? at(target.model, target.model.getOffsetAt(position)) : null;
}

/** Registers the commands; answers what to call with the JSON editor once it is mounted, and which event is selected. */
export function useEventCommands(context: EventCommandsContext): {
  mount: (editor: monaco.editor.IStandaloneCodeEditor) => void;
  selectedEvent: () => number | null;
} {
  const current = useRef(context);
  useEffect(() => {
    current.current = context;
  });
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);

  /** The events a command acts on now, or none (then it says why). */
  const acting = (id: CommandId): { target: BatchTarget; indexes: number[] } | null => {
    const { target, view } = current.current;
    if (!target) return null;
    if (view === 'form') return { target, indexes: targetEvents(target.batchId, eventsLayoutOf(target.model)?.events.length ?? 0) };
    const index = cursorEvent(editorRef.current, target);
    if (index === null) {
      useNotices.getState().notify('info', `${commands[id].title}: put the cursor inside an event of the batch first.`);
      return null;
    }
    return { target, indexes: [index] };
  };

  /** The event an insertion follows: the last one the Form view's list acts on, or the one under the JSON view's cursor; null when none. */
  const selectedEvent = (): number | null => {
    const { target, view } = current.current;
    if (!target) return null;
    if (view === 'json') return cursorEvent(editorRef.current, target, eventNamedAtOffset);
    const chosen = targetEvents(target.batchId, eventsLayoutOf(target.model)?.events.length ?? 0);
    return chosen.length === 0 ? null : chosen.reduce((last, index) => Math.max(last, index));
  };

  const runners: Record<(typeof MENU)[number], () => void> = {
    'events.add': () => {
      const { target, serviceIdField, timeZone } = current.current;
      if (!target) return;
      addEvent(target, selectedEvent() ?? (eventsLayoutOf(target.model)?.events.length ?? 0) - 1, { serviceIdField, timeZone });
    },
    'events.duplicate': () => {
      const on = acting('events.duplicate');
      if (on) duplicate(on.target, on.indexes);
    },
    'events.delete': () => {
      const on = acting('events.delete');
      if (on) remove(on.target, on.indexes);
    },
    'events.moveUp': () => {
      const on = acting('events.moveUp');
      if (on) step(on.target, on.indexes, -1);
    },
    'events.moveDown': () => {
      const on = acting('events.moveDown');
      if (on) step(on.target, on.indexes, 1);
    },
    'events.selectInList': () => {
      const on = acting('events.selectInList');
      if (!on) return;
      pickEvent(on.target.batchId, on.indexes[0]!);
      current.current.showInList(on.indexes[0]!);
    },
  };

  // Only where the batch is in view: a shortcut pressed in the history must not change the composer's batch unseen.
  const shown = useUi((state) => state.screen === 'composer');
  const open = context.target !== null && shown;
  const reason = context.target === null ? 'No batch is open' : 'Acts on the batch in the composer: show it first';
  useCommand('events.add', runners['events.add'], { enabled: open, reason });
  useCommand('events.duplicate', runners['events.duplicate'], { enabled: open, reason });
  useCommand('events.delete', runners['events.delete'], { enabled: open, reason });
  useCommand('events.moveUp', runners['events.moveUp'], { enabled: open, reason });
  useCommand('events.moveDown', runners['events.moveDown'], { enabled: open, reason });
  useCommand('events.selectInList', runners['events.selectInList'], {
    enabled: open && context.view === 'json',
    reason: open ? 'Works in the JSON view' : reason,
  });
  useCommand('events.filter', () => current.current.focusFilter(), { enabled: open, reason });

  const mount = (editor: monaco.editor.IStandaloneCodeEditor) => {
    editorRef.current = editor;
    MENU.forEach((id, order) => {
      editor.addAction({
        id: `eventdesk.${id}`,
        label: commands[id].title,
        contextMenuGroupId: MENU_GROUP,
        contextMenuOrder: order + 1,
        run: () => runners[id](),
      });
    });
  };
  return { mount, selectedEvent };
}
