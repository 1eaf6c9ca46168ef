import './composer.css';
import './batch-tabs.css';
import { useEffect, useRef } from 'react';
import { useCommand, withShortcut } from '../base/state/command-registry.ts';
import { useComposer } from '../base/state/composer.ts';
import { useUi } from '../base/state/ui.ts';
import { useCloseBatch } from './closing.ts';
import { useFileOpening } from './opening/opening.ts';

/**
 * Scrolls the strip so the active tab is in full view and the first tab shown starts at the left
 * edge, never cut ("atch 2"). Only the strip scrolls: scrollIntoView scrolled the header around it
 * too. Near the end the strip could not scroll that far: room is made after the last tab.
 */
export function showWholeTabs(list: HTMLElement): void {
  const tabs = [...list.children];
  const active = tabs.find((tab) => tab.querySelector('[aria-selected="true"]'));
  if (!active) return;
  // Where each tab starts and ends in the strip's scrolled content.
  const origin = list.getBoundingClientRect().left - list.scrollLeft;
  const startOf = (tab: Element) => tab.getBoundingClientRect().left - origin;
  const start = startOf(active);
  // A pixel's slack: tabs end at fractions of one, and the strip's width is rounded.
  const end = active.getBoundingClientRect().right - origin - 1;
  // Of the tab starts the strip can begin at and still show the active tab whole, the nearest to
  // where it is; but no further than needed to show the last tab, so no room is left empty.
  const starts = tabs.map(startOf);
  const fits = starts.filter((left) => left >= end - list.clientWidth && left <= start);
  const distance = (left: number) => Math.abs(left - list.scrollLeft);
  const nearest = fits.reduce((best, left) => (distance(left) < distance(best) ? left : best), start);
  const lastEnd = tabs.at(-1)!.getBoundingClientRect().right - origin - 1;
  const target = Math.min(nearest, starts.find((left) => left >= lastEnd - list.clientWidth) ?? 0);
  // Room after the last tab only while the strip must scroll past it (see batch-tabs.css): room
  // left behind would let the strip scroll, or snap back, to show it empty.
  if (target > lastEnd - list.clientWidth) list.style.setProperty('--scrolls-to', `${target + list.clientWidth}px`);
  else list.style.removeProperty('--scrolls-to');
  list.scrollLeft = target;
}

/** The open batches. Closing one asks first when it holds typed work no file keeps, or changes not saved to its file. */
export function BatchTabs() {
  const batches = useComposer((state) => state.batches);
  const activeId = useComposer((state) => state.activeId);
  const { activate, open } = useComposer.getState();
  const opening = useFileOpening();
  const tabList = useRef<HTMLDivElement>(null);

  // A tab opened, created or gone to from elsewhere (the palette, a menu) may be past the edge of a
  // full strip; and a strip that grows or shrinks as the window does shows other tabs.
  useEffect(() => {
    const list = tabList.current;
    if (!list) return;
    showWholeTabs(list);
    const resized = new ResizeObserver(() => showWholeTabs(list));
    resized.observe(list);
    return () => resized.disconnect();
  }, [activeId, batches.length]);

  const closeBatch = useCloseBatch();
  const ask = (id: string) => void closeBatch(id);

  const newBatch = () => {
    open();
    useUi.getState().show('composer');
  };
  useCommand('batch.new', newBatch);
  useCommand('batch.open', opening.open);
  // Only where the tabs are in view: Ctrl+W on another screen must not close a batch unseen.
  const shown = useUi((state) => state.screen === 'composer');
  useCommand('batch.close', () => activeId && ask(activeId), {
    enabled: shown && activeId !== null,
    reason: shown ? 'No batch is open' : `Closes the batch in the composer: ${withShortcut('show it first', 'view.composer')}`,
  });

  return (
    <div className="batch-tabs">
      {/* A tablist holds only tabs: each × is for the mouse; the keyboard closes a tab with Delete on it, or the Close batch command. */}
      <div ref={tabList} className="batch-tab-list" role="tablist" aria-label="Open batches">
        {batches.map((batch) => (
          <div key={batch.id} role="presentation" className={`batch-tab ${batch.id === activeId ? 'active' : ''}`}>
            <button
              type="button"
              role="tab"
              aria-selected={batch.id === activeId}
              aria-keyshortcuts="Delete"
              onClick={() => activate(batch.id)}
              onKeyDown={(event) => {
                if (event.key === 'Delete') {
                  event.preventDefault();
                  ask(batch.id);
                }
              }}
              title={`${batch.filePath ?? 'Not saved to a file (kept as a draft)'} · Delete closes it`}
            >
              {batch.name}
            </button>
            <button type="button" className="close" tabIndex={-1} aria-hidden="true" title={`Close ${batch.name}`} onClick={() => ask(batch.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
      <button type="button" className="small" aria-label="New batch" title={withShortcut('New batch', 'batch.new')} onClick={newBatch}>
        +
      </button>
    </div>
  );
}
