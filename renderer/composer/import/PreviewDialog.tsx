import { useMemo } from 'react';
import { useActiveEnvironment } from '../../base/data/environment-queries.ts';
import { Modal } from '../../base/widgets/Modal.tsx';
import { batchText } from '../../base/state/batch-text.ts';
import { useComposer, type Batch } from '../../base/state/composer.ts';
import { previewOf } from '../form/templating.ts';

/** Showing the whole of a 28 MB preview would freeze the dialog; the rest can be opened as a batch. */
const SHOWN_CHARACTERS = 200_000;

/** The batch with its templates resolved, as it would be sent now (sending resolves them again, once). */
export function PreviewDialog({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const environment = useActiveEnvironment();
  const open = useComposer((state) => state.open);
  const preview = useMemo(() => {
    let events: unknown;
    try {
      events = JSON.parse(batchText(batch.id));
    } catch {
      return { problems: ['The batch is not valid JSON yet: see the Problems list.'] };
    }
    return Array.isArray(events) ? previewOf(events, environment) : { problems: ['The batch is not a JSON array of events.'] };
    // The dialog is modal: the text cannot change while it is open.
  }, [batch.id, environment]);

  return (
    <Modal open onClose={onClose} labelledBy="preview-title" className="editor">
      <h2 id="preview-title">What “{batch.name}” would send</h2>
      <p className="hint">
        Templates resolved with {environment ? `the variables and time zone of ${environment.name}` : 'no environment'}. Sending resolves them again, once, and
        records what it sent.
      </p>
      {'problems' in preview ? (
        <ul className="problem" role="alert">
          {preview.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : (
        <pre className="preview" aria-label="Resolved batch">
          {preview.text.length > SHOWN_CHARACTERS ? `${preview.text.slice(0, SHOWN_CHARACTERS)}\n… (open it as a batch to see all of it)` : preview.text}
        </pre>
      )}
      <div className="dialog-buttons">
        {'text' in preview && (
          <button
            type="button"
            onClick={() => {
              open({ name: `${batch.name} (resolved)`, text: preview.text });
              onClose();
            }}
          >
            Open as a new batch
          </button>
        )}
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
