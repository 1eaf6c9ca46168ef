import { useState } from 'react';
import { BatchComparison } from '../compare/BatchComparison.tsx';
import { useCommand, withShortcut } from '../base/state/command-registry.ts';
import { Modal } from '../base/widgets/Modal.tsx';
import { batchText } from '../base/state/batch-text.ts';
import { useComposer } from '../base/state/composer.ts';

/** The two texts as they were when the comparison was asked for: the dialog is modal, so they cannot change under it. */
interface Pair {
  otherId: string;
  left: string;
  right: string;
}

/**
 * "Compare with…": the open batch against another open one, event by event as History compares
 * two submissions, the active batch on the left. A button beside the tabs and the palette's
 * `batch.compare` open it.
 */
export function CompareWith() {
  const batches = useComposer((state) => state.batches);
  const activeId = useComposer((state) => state.activeId);
  const [pair, setPair] = useState<Pair | null>(null);
  const active = batches.find((batch) => batch.id === activeId);
  const others = batches.filter((batch) => batch.id !== activeId);
  const enabled = active !== undefined && others.length > 0;

  const compareWith = (otherId: string) => active && setPair({ otherId, left: batchText(active.id), right: batchText(otherId) });
  const start = () => {
    if (others[0]) compareWith(others[0].id);
  };
  useCommand('batch.compare', start, { enabled, reason: 'Open a second batch to compare with' });

  const other = batches.find((batch) => batch.id === pair?.otherId);
  return (
    <>
      <button
        type="button"
        className="small"
        disabled={!enabled}
        onClick={start}
        title={withShortcut('Compare this batch with another open batch, event by event', 'batch.compare')}
      >
        Compare with…
      </button>
      <Modal
        open={pair !== null && active !== undefined && other !== undefined}
        onClose={() => setPair(null)}
        labelledBy="compare-with-title"
        className="compare-with"
      >
        {pair && active && other && (
          <>
            <div className="inline wrap">
              <h2 id="compare-with-title">Compare “{active.name}” with</h2>
              <select aria-label="The other batch" value={pair.otherId} onChange={(event) => compareWith(event.target.value)} data-autofocus>
                {others.map((batch) => (
                  <option key={batch.id} value={batch.id}>
                    {batch.name}
                  </option>
                ))}
              </select>
              <span className="spacer" />
              <button type="button" onClick={() => setPair(null)}>
                Close
              </button>
            </div>
            <p className="muted small">
              Left: {active.name} · Right: {other.name}
            </p>
            <BatchComparison key={pair.otherId} label="Batches" sides={[`${active.name}, left`, `${other.name}, right`]} left={pair.left} right={pair.right} />
          </>
        )}
      </Modal>
    </>
  );
}
