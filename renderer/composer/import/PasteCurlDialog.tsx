import { useRef, useState } from 'react';
import type { ImportedEvent } from '../../../features/formats/common/import-result.ts';
import { Modal } from '../../base/widgets/Modal.tsx';
import { importCurl } from './importing.ts';

/**
 * Paste cURL: the text is read as a command whatever it starts with. A command that cannot be
 * read keeps the dialog open with the text as pasted, and says what is wrong beside it, so the
 * user fixes it there instead of pasting again.
 */
export function PasteCurlDialog({
  open,
  onClose,
  onImport,
}: {
  open: boolean;
  onClose: () => void;
  onImport: (events: ImportedEvent[], note?: string) => void;
}) {
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };

  function submit() {
    const imported = importCurl(pasted);
    if (imported.kind === 'events') {
      onImport(imported.events, imported.note);
      setPasted('');
      close();
      return;
    }
    setProblem(imported.message);
    field.current?.focus();
  }

  return (
    <Modal open={open} onClose={close} labelledBy="paste-title" className="editor">
      <h2 id="paste-title">Import a cURL command</h2>
      <p className="hint">As copied from browser devtools or Postman (bash). Its JSON body becomes a new batch.</p>
      <textarea
        ref={field}
        className="paste"
        aria-label="cURL command"
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : 'paste-problem'}
        value={pasted}
        onChange={(event) => {
          setPasted(event.target.value);
          setProblem(null);
        }}
        rows={10}
        data-autofocus
      />
      {problem !== null && (
        <p id="paste-problem" className="problem" role="alert">
          {problem}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={!pasted.trim()} onClick={submit}>
          Import
        </button>
      </div>
    </Modal>
  );
}
