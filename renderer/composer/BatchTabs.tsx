import { useCommand, withShortcut } from '../commands/registry.ts';
import { starterBatch, useComposer } from '../state/composer.ts';
import { useUi } from '../state/ui.ts';
import { useFileOpening } from './opening.ts';

/** The open batches. Closing one that holds typed work no file keeps asks first. */
export function BatchTabs() {
  const batches = useComposer((state) => state.batches);
  const activeId = useComposer((state) => state.activeId);
  const { activate, close, open } = useComposer.getState();
  const opening = useFileOpening();

  function ask(id: string) {
    const batch = batches.find((candidate) => candidate.id === id);
    if (!batch) return;
    const untouched = batch.text === starterBatch || batch.text.trim() === '';
    if (untouched || batch.filePath || window.confirm(`Close “${batch.name}”? Its text is kept in no file and will be gone.`)) close(id);
  }

  const newBatch = () => {
    open();
    useUi.getState().show('composer');
  };
  useCommand('batch.new', newBatch);
  useCommand('batch.open', opening.open);
  useCommand('batch.close', () => activeId && ask(activeId), { enabled: activeId !== null, reason: 'No batch is open' });

  return (
    <div className="batch-tabs" role="tablist" aria-label="Open batches">
      {batches.map((batch) => (
        <div key={batch.id} className={`batch-tab ${batch.id === activeId ? 'active' : ''}`}>
          <button type="button" role="tab" aria-selected={batch.id === activeId} onClick={() => activate(batch.id)} title={batch.filePath ?? 'Not saved to a file (kept as a draft)'}>
            {batch.name}
          </button>
          <button type="button" className="close" aria-label={`Close ${batch.name}`} onClick={() => ask(batch.id)}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="small" aria-label="New batch" title={withShortcut('New batch', 'batch.new')} onClick={newBatch}>
        +
      </button>
    </div>
  );
}
