import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CsvTable } from '../../shared/formats/csv.ts';
import type { ImportedEvent } from '../../shared/formats/import-result.ts';
import { serializeJson } from '../../shared/formats/json.ts';
import { useCommand, withShortcut } from '../commands/registry.ts';
import { useActiveEnvironment } from '../environments/queries.ts';
import { useAppInfo } from '../queries.ts';
import { Modal } from '../shell/Modal.tsx';
import { bringForward } from '../shell/bring-forward.ts';
import { saveAs } from '../shell/save-as.ts';
import { useComposer, type Batch } from '../state/composer.ts';
import { useNotices, useUi } from '../state/ui.ts';
import { CsvMappingDialog } from './CsvMappingDialog.tsx';
import { exportBatch, importText, type ExportFormat } from './importing.ts';
import { PreviewDialog } from './PreviewDialog.tsx';

/** Text files bigger than this are refused before reading: far past 100 000 events. */
const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || 'Imported';

/** A file chooser or a picker opens only in answer to the user's own key or click, not to a menu command that came over IPC. */
const userActed = () => navigator.userActivation?.isActive !== false;

/** Imports become new batches; the text already open is never replaced. */
function useImporter() {
  const open = useComposer((state) => state.open);
  const notify = useNotices((state) => state.notify);
  const [csv, setCsv] = useState<{ table: CsvTable; fileName: string } | null>(null);

  const addBatch = (fileName: string, events: ImportedEvent[], note?: string) => {
    open({ name: baseName(fileName), text: serializeJson(events) });
    notify('success', `Imported ${events.length.toLocaleString('en')} ${events.length === 1 ? 'event' : 'events'} from ${fileName}.${note ? ` ${note}` : ''}`);
  };

  const importNamed = (fileName: string, text: string) => {
    const imported = importText(fileName, text);
    if (imported.kind === 'events') addBatch(fileName, imported.events, imported.note);
    else if (imported.kind === 'csv') setCsv({ table: imported.table, fileName });
    else notify('error', `${fileName}: ${imported.message}`);
  };

  const importFile = async (file: File) => {
    if (file.size > MAX_IMPORT_BYTES) {
      notify('error', `${file.name} is ${(file.size / 1024 / 1024).toFixed(0)} MB; EventDesk imports files up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
      return;
    }
    importNamed(file.name, await file.text());
  };

  return { csv, closeCsv: () => setCsv(null), addBatch, importNamed, importFile };
}

export function ImportExport({ batch, dropTarget }: { batch: Batch; dropTarget: RefObject<HTMLElement | null> }) {
  const importer = useImporter();
  const importFile = importer.importFile;

  // Dropping files anywhere on the composer imports each as a new batch.
  useEffect(() => {
    const target = dropTarget.current;
    if (!target) return;
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      for (const file of event.dataTransfer.files) void importFile(file);
    };
    target.addEventListener('dragover', over);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragover', over);
      target.removeEventListener('drop', drop);
    };
  }, [dropTarget, importFile]);
  const environment = useActiveEnvironment();
  const { data: info } = useAppInfo();
  const notify = useNotices((state) => state.notify);
  const fileInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const exportSelect = useRef<HTMLSelectElement>(null);
  const [pasting, setPasting] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [pasted, setPasted] = useState('');

  function exportAs(format: ExportFormat) {
    try {
      const file = exportBatch(format, batch.text, environment, info?.version ?? '');
      saveAs(`${batch.name}.${file.extension}`, file.text, 'text/plain');
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    }
  }

  useCommand('batch.import', () => (userActed() ? fileInput.current?.click() : bringForward('composer', importButton.current)));
  useCommand('batch.export', () => bringForward('composer', exportSelect.current, () => userActed() && exportSelect.current?.showPicker()));
  useCommand('batch.preview', () => {
    useUi.getState().show('composer');
    setPreviewing(true);
  });

  return (
    <>
      <button
        ref={importButton}
        type="button"
        className="small"
        onClick={() => fileInput.current?.click()}
        title={withShortcut('Import JSON, NDJSON, CSV, cURL or HAR as a new batch (or drop a file here)', 'batch.import')}
      >
        Import…
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="File to import"
        accept=".json,.ndjson,.jsonl,.csv,.tsv,.txt,.har,.sh,.curl"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importer.importFile(file);
        }}
      />
      <button type="button" className="small" onClick={() => setPasting(true)}>
        Paste cURL…
      </button>
      <button type="button" className="small" onClick={() => setPreviewing(true)} title={withShortcut('The batch with its templates ({{$uuid}}, {{$now}}, variables…) resolved', 'batch.preview')}>
        Preview
      </button>
      {previewing && <PreviewDialog batch={batch} onClose={() => setPreviewing(false)} />}
      <select
        ref={exportSelect}
        aria-label="Export as"
        className="small"
        title={withShortcut('Export the batch', 'batch.export')}
        value=""
        onChange={(event) => {
          if (event.target.value) exportAs(event.target.value as ExportFormat);
        }}
      >
        <option value="">Export as…</option>
        <option value="json">JSON</option>
        <option value="ndjson">NDJSON</option>
        <option value="curl">cURL (secrets masked)</option>
        <option value="har">HAR (secrets masked)</option>
      </select>
      {importer.csv && (
        <CsvMappingDialog
          table={importer.csv.table}
          fileName={importer.csv.fileName}
          serviceIdField={environment?.serviceIdField ?? 'svc_id'}
          onClose={importer.closeCsv}
          onImport={(imported, note) => {
            importer.addBatch(importer.csv!.fileName, imported, note);
            importer.closeCsv();
          }}
        />
      )}
      <Modal open={pasting} onClose={() => setPasting(false)} labelledBy="paste-title" className="editor">
        <h2 id="paste-title">Import a cURL command</h2>
        <p className="hint">As copied from browser devtools or Postman (bash). Its JSON body becomes a new batch.</p>
        <textarea className="paste" aria-label="cURL command" value={pasted} onChange={(event) => setPasted(event.target.value)} rows={10} />
        <div className="dialog-buttons">
          <button type="button" onClick={() => setPasting(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={!pasted.trim()}
            onClick={() => {
              importer.importNamed('pasted command.curl', pasted);
              setPasting(false);
              setPasted('');
            }}
          >
            Import
          </button>
        </div>
      </Modal>
    </>
  );
}
