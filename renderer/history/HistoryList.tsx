import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SubmissionSummary } from '../../features/history/common/submission.ts';
import { durationText, eventsText, startedText } from '../base/data/history-format.ts';
import { useHistory } from '../base/data/history-state.ts';
import { StatusBadge } from '../send/StatusBadge.tsx';

const ROW_HEIGHT = 46;

/**
 * The submissions, newest first, virtualized: only the rows in view are in the page, and the
 * next page is asked for as the end comes into view. ↑/↓ move through them, opening each.
 */
export function HistoryList({
  rows,
  hasMore,
  loadMore,
  onDelete,
}: {
  rows: readonly SubmissionSummary[];
  hasMore: boolean;
  loadMore: () => void;
  onDelete: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const openId = useHistory((state) => state.openId);
  const open = useHistory((state) => state.open);
  const checked = useHistory((state) => state.checked);
  const toggle = useHistory((state) => state.toggle);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is meant to be read during render
  const virtualizer = useVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && lastShown >= rows.length - 1) loadMore();
  }, [hasMore, lastShown, rows.length, loadMore]);

  const move = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) {
      if (event.key === 'Delete' && (checked.length > 0 || openId)) {
        event.preventDefault();
        onDelete();
      }
      return;
    }
    event.preventDefault();
    const current = rows.findIndex((row) => row.id === openId);
    const next = Math.min(rows.length - 1, Math.max(0, current + step));
    if (!rows[next]) return;
    open(rows[next].id);
    virtualizer.scrollToIndex(next);
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"] .history-row-open`)?.focus());
  };

  return (
    <div className="history-list" ref={scroller} onKeyDown={move} data-testid="history-list">
      <div role="list" aria-label="Submissions, newest first" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index];
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              className={`history-row${row?.id === openId ? ' open' : ''}`}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {row ? (
                <>
                  <input
                    type="checkbox"
                    aria-label={`Select the submission of ${startedText(row)}`}
                    checked={checked.includes(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                  <button type="button" className="history-row-open" aria-current={row.id === openId} onClick={() => open(row.id)}>
                    <span className="color-dot" style={{ background: row.environmentColor }} title={row.environmentName} aria-hidden />
                    <span className="history-row-main">
                      <span>
                        {startedText(row)} · {row.environmentName}
                      </span>
                      <span className="muted">
                        {eventsText(row.eventCount)}
                        {durationText(row) && ` · ${durationText(row)}`}
                        {row.label && <strong className="history-label"> · {row.label}</strong>}
                      </span>
                    </span>
                    <StatusBadge submission={row} />
                  </button>
                </>
              ) : (
                <span className="muted">Loading more…</span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
