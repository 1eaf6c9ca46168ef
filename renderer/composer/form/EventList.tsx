import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { isMac } from '../../base/state/command-registry.ts';
import { chooseEvents, pickEvent, targetEvents, useEventSelection } from '../../base/state/event-selection.ts';
import { text, worst, type EventProblems, type EventRecord } from './event-problems.ts';
import { moveTo, remove, step, type BatchTarget } from './event-operations.ts';
import { carriesFiles } from './ImportChoice.tsx';

/**
 * The events as a virtualized listbox that selects several: click, Shift+click for a range,
 * Ctrl/Cmd+click to add or take one; arrows, Shift+arrows, Ctrl/Cmd+A, Delete, Alt+arrows to
 * move; drag rows to move them. `shown` is the events the filter lets through, in order (all of
 * them without a filter); selection ranges run over what is shown.
 */
export function EventList({
  target,
  events,
  shown,
  problems,
}: {
  target: BatchTarget;
  events: readonly unknown[];
  shown: ArrayLike<number>;
  problems: Map<number, EventProblems>;
}) {
  const { batchId } = target;
  const selection = useEventSelection(batchId);
  const list = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const [dropBefore, setDropBefore] = useState<number | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is meant to be read during render
  const rows = useVirtualizer({ count: shown.length, getScrollElement: () => list.current, estimateSize: () => 44, overscan: 12 });
  const rowOf = (index: number) => rowIndexOf(shown, index);
  const focusedRow = rowOf(selection.focused);

  useEffect(() => {
    if (focusedRow >= 0) rows.scrollToIndex(focusedRow, { align: 'auto' });
  }, [focusedRow, rows]);

  const between = (from: number, to: number) => {
    const [a, b] = [rowOf(from), rowOf(to)].sort((x, y) => x - y);
    const indexes: number[] = [];
    for (let row = Math.max(a!, 0); row <= b!; row++) indexes.push(shown[row]!);
    return indexes;
  };
  const pick = (index: number, extend: boolean, toggle: boolean) => {
    if (extend && rowOf(selection.anchor) >= 0) pickEvent(batchId, index, { range: between(selection.anchor, index), toggle });
    else pickEvent(batchId, index, { toggle });
  };
  const onClick = (click: MouseEvent, index: number) => pick(index, click.shiftKey, isMac() ? click.metaKey : click.ctrlKey);

  const onKeyDown = (key: KeyboardEvent) => {
    const command = isMac() ? key.metaKey : key.ctrlKey;
    const count = events.length;
    if (shown.length === 0) return;
    const row = Math.max(focusedRow, 0);
    const go = (to: number) => {
      key.preventDefault();
      pick(shown[Math.max(0, Math.min(to, shown.length - 1))]!, key.shiftKey, false);
    };
    if (key.altKey && (key.key === 'ArrowUp' || key.key === 'ArrowDown')) {
      key.preventDefault();
      step(target, targetEvents(batchId, count), key.key === 'ArrowUp' ? -1 : 1);
    } else if (key.key === 'ArrowDown') go(row + 1);
    else if (key.key === 'ArrowUp') go(row - 1);
    else if (key.key === 'Home') go(0);
    else if (key.key === 'End') go(shown.length - 1);
    else if (key.key === 'PageDown') go(row + 10);
    else if (key.key === 'PageUp') go(row - 10);
    else if (command && key.key.toLowerCase() === 'a') {
      key.preventDefault();
      chooseEvents(batchId, Array.from(shown));
    } else if (command && key.key === ' ') {
      key.preventDefault();
      pickEvent(batchId, selection.focused, { toggle: true });
    } else if (key.key === 'Delete' || (isMac() && key.key === 'Backspace' && !command)) {
      key.preventDefault();
      remove(target, targetEvents(batchId, count));
    }
  };

  const drop = (before: number) => {
    setDropBefore(null);
    moveTo(target, targetEvents(batchId, events.length), before);
  };

  return (
    <div
      className="event-list"
      ref={list}
      role="listbox"
      aria-label="Events"
      aria-multiselectable="true"
      tabIndex={0}
      aria-activedescendant={focusedRow >= 0 ? `${idPrefix}-${selection.focused}` : undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
        {rows.getVirtualItems().map((row) => {
          const index = shown[row.index]!;
          const item = (events[index] ?? {}) as EventRecord;
          const mark = worst(problems.get(index));
          const classes = ['event-row', index === selection.focused ? 'focused' : '', dropBefore === index ? 'drop-before' : ''].filter(Boolean).join(' ');
          return (
            <div
              key={row.key}
              id={`${idPrefix}-${index}`}
              role="option"
              aria-selected={selection.selected.has(index)}
              className={classes}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
              onClick={(click) => onClick(click, index)}
              draggable
              onDragStart={(start) => {
                if (!selection.selected.has(index)) pickEvent(batchId, index);
                start.dataTransfer.effectAllowed = 'move';
                start.dataTransfer.setData('text/plain', `event ${index + 1}`);
              }}
              // A file dragged in is no event moving: it goes on to the composer, which imports it.
              onDragOver={(over) => {
                if (carriesFiles(over)) return;
                over.preventDefault();
                setDropBefore(index);
              }}
              onDragEnd={() => setDropBefore(null)}
              onDrop={(dropped) => {
                if (carriesFiles(dropped)) return;
                dropped.preventDefault();
                drop(index);
              }}
            >
              <span className="event-row-head">
                <span className="muted">{index + 1}</span>{' '}
                {mark && (
                  <span className={`event-mark ${mark.severity}`} title={`${mark.count} ${mark.count === 1 ? 'problem' : 'problems'}`}>
                    {mark.severity === 'error' ? '●' : '▲'}
                    <span className="visually-hidden">{` ${mark.count} ${mark.count === 1 ? 'problem' : 'problems'}`}</span>
                  </span>
                )}{' '}
                <strong>{text(item.token) || '(no token)'}</strong>
              </span>{' '}
              {/* A line of its own, so a narrow list cuts the customer, never the time. */}
              <span className="event-row-meta muted">
                <span className="event-customer">{text(item.customer_id)}</span>
                <span className="event-separator">·</span>
                <span className="event-time">{text(item.created_at)}</span>
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The row showing event `index`, by halving (`shown` is in order), or -1 when it is filtered out. */
function rowIndexOf(shown: ArrayLike<number>, index: number): number {
  let low = 0;
  let high = shown.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = shown[middle]!;
    if (at === index) return middle;
    if (at < index) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
