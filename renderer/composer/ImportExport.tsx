import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CsvTable } from '../../shared/formats/csv.ts';
import type { ImportedEvent } from '../../shared/formats/import-result.ts';
import { IMPORT_EXTENSIONS } from '../../shared/files.ts';
import { serializeJson } from '../../shared/formats/json.ts';
import { useCommand, withShortcut } from '../commands/registry.ts';
import { useActiveEnvironment } from '../environments/queries.ts';
import { useApi, useAppInfo } from '../queries.ts';
import { Modal } from '../shell/Modal.tsx';
import { saveAs } from '../shell/save-as.ts';
import { settledBatchText } from '../state/batch-text.ts';
import { useComposer, type Batch } from '../state/composer.ts';
import { useNotices, useUi } from '../state/ui.ts';
import { CsvMappingDialog } from './CsvMappingDialog.tsx';
import { baseName, exportBatch, importText, type ExportFormat } from './importing.ts';
import { PasteCurlDialog } from './PasteCurlDialog.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import { InMore } from './MoreMenu.tsx';
import { SERVICE_ID_FIELD } from '../../shared/validation/rules.ts';

/** Text files bigger than this are refused before reading: far past 100 000 events. */
const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

const EXPORT_CHOICES: { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'JSON' },
  { format: 'ndjson', label: 'NDJSON' },
  { format: 'curl', label: 'cURL (secrets masked)' },
  { format: 'har', label: 'HAR (secrets masked)' },
];

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

export function ImportExport({ batch, dropTarget, more = null }: { batch: Batch; dropTarget: RefObject<HTMLElement | null>; more?: HTMLElement | null }) {
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
  const api = useApi();
  const environment = useActiveEnvironment();
  const { data: info } = useAppInfo();
  const notify = useNotices((state) => state.notify);
  const fileInput = useRef<HTMLInputElement>(null);
  const [pasting, setPasting] = useState(false);
  const [choosingExport, setChoosingExport] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  async function exportAs(format: ExportFormat) {
    try {
      const file = exportBatch(format, await settledBatchText(batch.id), environment, info?.version ?? '');
      saveAs(`${batch.name}.${file.extension}`, file.text, 'text/plain');
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    }
  }

  // A command may come from the native menu, with no click behind it to let the page open a
  // file chooser: the OS dialog is asked for through main instead, and export picks in a dialog.
  useCommand('batch.import', () => {
    useUi.getState().show('composer');
    api.files.import().then(
      (file) => file && importer.importNamed(file.name, file.text),
      (error: unknown) => notify('error', error instanceof Error ? error.message : String(error)),
    );
  });
  useCommand('batch.export', () => {
    useUi.getState().show('composer');
    setChoosingExport(true);
  });
  useCommand('batch.preview', () => {
    useUi.getState().show('composer');
    setPreviewing(true);
  });

  return (
    <>
      <button
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
        accept={IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importer.importFile(file);
        }}
      />
      {/* Used now and then: in the toolbar's More panel. Their dialogs stay here, outside it. */}
      <InMore panel={more}>
        <button type="button" className="small" onClick={() => setPasting(true)}>
          Paste cURL…
        </button>
        <button type="button" className="small" onClick={() => setPreviewing(true)} title={withShortcut('The batch with its templates ({{$uuid}}, {{$now}}, variables…) resolved', 'batch.preview')}>
          Preview
        </button>
        <select
          aria-label="Export as"
          className="small"
          title={withShortcut('Export the batch', 'batch.export')}
          value=""
          onChange={(event) => {
            if (event.target.value) exportAs(event.target.value as ExportFormat);
          }}
        >
          <option value="">Export as…</option>
          {EXPORT_CHOICES.map(({ format, label }) => (
            <option key={format} value={format}>
              {label}
            </option>
          ))}
        </select>
      </InMore>
      {previewing && <PreviewDialog batch={batch} onClose={() => setPreviewing(false)} />}
      <Modal open={choosingExport} onClose={() => setChoosingExport(false)} labelledBy="export-title" className="narrow">
        <h2 id="export-title">Export “{batch.name}” as</h2>
        <div className="choices">
          {EXPORT_CHOICES.map(({ format, label }, index) => (
            <button
              key={format}
              type="button"
              {...(index === 0 ? { 'data-autofocus': true } : {})}
              onClick={() => {
                setChoosingExport(false);
                exportAs(format);
              }}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="dialog-buttons">
          <button type="button" onClick={() => setChoosingExport(false)}>
            Cancel
          </button>
        </div>
      </Modal>
      {importer.csv && (
        <CsvMappingDialog
          table={importer.csv.table}
          fileName={importer.csv.fileName}
          serviceIdField={environment?.serviceIdField ?? SERVICE_ID_FIELD}
          onClose={importer.closeCsv}
          onImport={(imported, note) => {
            importer.addBatch(importer.csv!.fileName, imported, note);
            importer.closeCsv();
          }}
        />
      )}
      <PasteCurlDialog open={pasting} onClose={() => setPasting(false)} onImport={(events, note) => importer.addBatch('pasted cURL command', events, note)} />
    </>
  );
}
