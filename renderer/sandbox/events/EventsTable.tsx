import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { CapturedEventRow } from '../../../features/capture/common/capture-events.ts';
import { isMac } from '../../base/state/command-registry.ts';
import { isSelected, type RowSelection } from './selection.ts';
import { verdictText, violationsText } from './verdict.ts';

const ROW_HEIGHT = 30;

export interface EventsTableProps {
  /** Rows the filter matches. */
  total: number;
  /** The row at a place, once its page has come. */
  rowAt(place: number): CapturedEventRow | undefined;
  attributes: readonly string[];
  selection: RowSelection;
  /** The row the keyboard is on. */
  active: number;
  onClickRow(place: number, keys: { extend: boolean; toggle: boolean }): void;
  onMove(place: number, extend: boolean): void;
  onToggle(place: number): void;
  onSelectAll(): void;
  onOpen(place: number): void;
  onShowRequest(requestId: number): void;
  /** The places in view (with a margin), for their pages to be read. */
  onInView(from: number, to: number): void;
}

const cell = (text: string | null) => (text === null ? <span className="muted">—</span> : text);

/**
 * The captured events as a virtualized grid that selects several: only the rows in view are in
 * the page, so 100 000 scroll as lightly as 100. Click, Shift-click a range, Ctrl/Cmd-click one
 * more; ↑/↓ move, Space selects, Enter opens the detail, Ctrl/Cmd+A selects all that match.
 */
export function EventsTable({
  total,
  rowAt,
  attributes,
  selection,
  active,
  onClickRow,
  onMove,
  onToggle,
  onSelectAll,
  onOpen,
  onShowRequest,
  onInView,
}: EventsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is meant to be read during render
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => onInView(first, last + 1), [first, last, onInView]);
  useEffect(() => {
    if (active >= 0 && active < total) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, total, virtualizer]);

  // The verdict and its request first after the place: what triage reads, still in view when the table is narrow.
  const columns = `56px minmax(170px, 1.2fr) 64px minmax(90px, 1fr) minmax(90px, 1fr) minmax(90px, 1fr) 150px${attributes.map(() => ' minmax(80px, 1fr)').join('')}`;
  // The columns' least widths, their gaps and the row's padding: narrower, the grid scrolls sideways rather than crush them.
  const minWidth = 56 + 170 + 64 + 3 * 90 + 150 + attributes.length * 80 + (6 + attributes.length) * 8 + 24;

  const onKeyDown = (key: KeyboardEvent) => {
    const command = isMac() ? key.metaKey : key.ctrlKey;
    if (total === 0) return;
    const go = (to: number) => {
      key.preventDefault();
      onMove(Math.max(0, Math.min(to, total - 1)), key.shiftKey);
    };
    const at = Math.max(active, 0);
    if (key.key === 'ArrowDown') go(active < 0 ? 0 : at + 1);
    else if (key.key === 'ArrowUp') go(at - 1);
    else if (key.key === 'PageDown') go(at + 20);
    else if (key.key === 'PageUp') go(at - 20);
    else if (key.key === 'Home') go(0);
    else if (key.key === 'End') go(total - 1);
    else if (command && key.key.toLowerCase() === 'a') {
      key.preventDefault();
      onSelectAll();
    } else if (key.key === ' ') {
      key.preventDefault();
      onToggle(at);
    } else if (key.key === 'Enter') {
      key.preventDefault();
      onOpen(at);
    }
  };
  const onClick = (click: MouseEvent, place: number) => onClickRow(place, { extend: click.shiftKey, toggle: isMac() ? click.metaKey : click.ctrlKey });

  return (
    <div
      className="events-table"
      ref={scroller}
      role="grid"
      aria-label="Captured events"
      aria-multiselectable
      aria-rowcount={total + 1}
      tabIndex={0}
      onKeyDown={onKeyDown}
      {...(active >= 0 && active < total && rowAt(active) ? { 'aria-activedescendant': `${idPrefix}-${active}` } : {})}
    >
      <div className="events-table-inner" style={{ minWidth }}>
        <div role="row" aria-rowindex={1} className="events-row events-head" style={{ gridTemplateColumns: columns }}>
          <span role="columnheader">#</span>
          <span role="columnheader">verdict</span>
          <span role="columnheader">request</span>
          <span role="columnheader">token</span>
          <span role="columnheader">customer</span>
          <span role="columnheader">device</span>
          <span role="columnheader">created_at</span>
          {attributes.map((name) => (
            <span role="columnheader" key={name} title={`attributes.${name}`}>
              {name}
            </span>
          ))}
        </div>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            const selected = isSelected(selection, item.index);
            const style = {
              position: 'absolute' as const,
              top: 0,
              left: 0,
              right: 0,
              height: item.size,
              transform: `translateY(${item.start}px)`,
              gridTemplateColumns: columns,
            };
            if (!row) {
              return (
                <div key={item.key} role="row" aria-rowindex={item.index + 2} className="events-row loading" style={style}>
                  <span role="gridcell" className="muted">
                    Loading…
                  </span>
                </div>
              );
            }
            const violations = violationsText(row);
            return (
              <div
                key={item.key}
                id={`${idPrefix}-${item.index}`}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected}
                data-place={item.index}
                className={`events-row${selected ? ' selected' : ''}${item.index === active ? ' active' : ''} ${row.verdict}`}
                style={style}
                onClick={(click) => onClick(click, item.index)}
              >
                <span role="gridcell" className="muted">
                  {(item.index + 1).toLocaleString('en')}
                </span>
                <span role="gridcell" className="events-verdict">
                  <span className={`verdict ${row.verdict}`}>{verdictText(row)}</span>
                  {violations && <span className="verdict violations">{violations}</span>}
                </span>
                <span role="gridcell">
                  <button
                    type="button"
                    className="link"
                    tabIndex={-1}
                    aria-label={`Show request #${row.requestId}`}
                    onClick={(click) => {
                      click.stopPropagation();
                      onShowRequest(row.requestId);
                    }}
                  >
                    #{row.requestId}
                  </button>
                </span>
                <span role="gridcell">{cell(row.token)}</span>
                <span role="gridcell">{cell(row.customerId)}</span>
                <span role="gridcell">{cell(row.deviceId)}</span>
                <span role="gridcell">{cell(row.createdAt)}</span>
                {row.attributes.map((value, column) => (
                  <span role="gridcell" key={attributes[column] ?? column}>
                    {cell(value)}
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
