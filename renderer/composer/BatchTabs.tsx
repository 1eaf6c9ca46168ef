import './composer.css';
import { useEffect, useRef } from 'react';
import { useCommand, withShortcut } from '../commands/registry.ts';
import { useComposer } from '../state/composer.ts';
import { useUi } from '../state/ui.ts';
import { useCloseBatch } from './closing.ts';
import { useFileOpening } from './opening.ts';

/** The open batches. Closing one asks first when it holds typed work no file keeps, or changes not saved to its file. */
export function BatchTabs() {
  const batches = useComposer((state) => state.batches);
  const activeId = useComposer((state) => state.activeId);
  const { activate, open } = useComposer.getState();
  const opening = useFileOpening();
  const tabList = useRef<HTMLDivElement>(null);

  // A tab opened, created or gone to from elsewhere (the palette, a menu) may be past the edge of a full strip.
  useEffect(() => {
    tabList.current?.querySelector('[role="tab"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
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
