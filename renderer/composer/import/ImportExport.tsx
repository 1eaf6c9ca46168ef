import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CsvTable } from '../../../features/formats/common/csv.ts';
import { IMPORT_EXTENSIONS } from '../../../features/documents/common/files.ts';
import { useCommand, withShortcut } from '../../base/state/command-registry.ts';
import { useActiveEnvironment } from '../../base/data/environment-queries.ts';
import { useApi, useAppInfo } from '../../base/queries.ts';
import { Modal } from '../../base/widgets/Modal.tsx';
import { saveAs } from '../../base/widgets/save-as.ts';
import { settledBatchText } from '../../base/state/batch-text.ts';
import { baseName, useComposer, type Batch } from '../../base/state/composer.ts';
import { useNotices, useUi } from '../../base/state/ui.ts';
import { CsvMappingDialog } from './CsvMappingDialog.tsx';
import { exportBatch, type ExportFormat } from './importing.ts';
import { createImportClient } from './import-client.ts';
import { afterPaint, importShown, loadedShown } from '../opening/opening.ts';
import { insertEventsAfter, type BatchTarget } from '../form/event-operations.ts';
import { eventsLayoutOf } from '../form/form-events.ts';
import { carriesFiles, eventsImport, fileNames, ImportChoice, type FileImport, type ImportPlace } from '../form/ImportChoice.tsx';
import { PasteCurlDialog } from './PasteCurlDialog.tsx';
import { plural } from '../../../base/common/plural.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import { InMore } from '../../base/widgets/MoreMenu.tsx';
import { SERVICE_ID_FIELD } from '../../../features/environments/common/rules.ts';

/** Text files bigger than this are refused before reading: far past 100 000 events. */
const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

const EXPORT_CHOICES: { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'JSON' },
  { format: 'ndjson', label: 'NDJSON' },
  { format: 'curl', label: 'cURL (secrets masked)' },
  { format: 'har', label: 'HAR (secrets masked)' },
];

/** Where imported events can go: the open batch's text, and the event the user has selected there. */
export interface ImportTarget {
  target: BatchTarget;
  /** The event selected in the Form view, or under the cursor in the JSON view; null when none. */
  selectedEvent: () => number | null;
  /**
   * The batch's events as its last check counted them, or null while none has: reading the text
   * for them (181 ms for 100 000 events) is left to when an import is added to it.
   */
  checkedEventCount?: () => number | null;
}

/**
 * Imports open as new batches, or are added to the open one when the user says so (ImportChoice):
 * the text already open is never replaced, and an addition is one edit, one undo step. Files are
 * read in the import worker, one at a time, with their progress and a Cancel past a moment.
 */
function useImporter(batch: Batch, into: ImportTarget) {
  const open = useComposer((state) => state.open);
  const notify = useNotices((state) => state.notify);
  const [csv, setCsv] = useState<{ table: CsvTable; fileName: string } | null>(null);
  const [pending, setPending] = useState<{ imports: FileImport[]; eventCount: number; selected: number | null } | null>(null);
  const [client] = useState(createImportClient);
  const queue = useRef(Promise.resolve());
  useEffect(() => () => client.cancel(), [client]);

  const openEach = async (imports: readonly FileImport[]) => {
    for (const { fileName, text, count, note } of imports) {
      const name = baseName(fileName);
      await loadedShown(name, text.length, () => open({ name, text }));
      notify('success', `Imported ${plural(count, 'event')} from ${fileName}.${note ? ` ${note}` : ''}`);
    }
  };

  const addAll = (imports: readonly FileImport[], chosen: number, eventCount: number) => {
    // "At the end" is after the last event the text has now, whatever the check counted.
    const after = chosen === eventCount - 1 ? (eventsLayoutOf(into.target.model)?.events.length ?? eventCount) - 1 : chosen;
    const events: unknown[] = [];
    // A loop, not push(...events): a spread of 100 000 arguments can overflow the stack.
    for (const file of imports) for (const event of JSON.parse(file.text) as unknown[]) events.push(event);
    if (!insertEventsAfter(into.target, after, events)) {
      notify('error', `“${batch.name}” is not a batch of events right now; nothing was added.`);
      return;
    }
    const where = chosen === eventCount - 1 ? 'at the end' : `after event ${after + 1}`;
    const notes = imports.flatMap((file) => (file.note ? [imports.length > 1 ? `${file.fileName}: ${file.note}` : file.note] : []));
    notify(
      'success',
      `Added ${plural(events.length, 'event')} from ${fileNames(imports)} ${where} of “${batch.name}”.${notes.map((note) => ` ${note}`).join('')} Ctrl/Cmd+Z takes them out.`,
    );
  };

  /** Events read from files: straight to new batches when the open batch has none to add to, else the user chooses. */
  const received = (imports: FileImport[]) => {
    if (imports.length === 0) return;
    const eventCount = into.checkedEventCount?.() ?? eventsLayoutOf(into.target.model)?.events.length ?? 0;
    if (eventCount === 0) void openEach(imports);
    else setPending({ imports, eventCount, selected: into.selectedEvent() });
  };

  const choose = (place: ImportPlace) => {
    if (!pending) return;
    setPending(null);
    if (place.kind === 'new') void openEach(pending.imports);
    else addAll(pending.imports, place.after, pending.eventCount);
  };

  /** A file's events; null once it said why not or went on to the CSV mapping; 'cancelled' when the user stopped it. */
  const read = async (fileName: string, source: Blob | string): Promise<FileImport | null | 'cancelled'> => {
    const imported = await importShown(fileName, client.ask({ fileName, source }), client.cancel);
    // Receiving a big text is a task of its own: what shows it waits for the next frame.
    await afterPaint();
    if (imported.kind === 'events') return { fileName, text: imported.text, count: imported.count, ...(imported.note ? { note: imported.note } : {}) };
    if (imported.kind === 'cancelled') {
      notify('info', `Import of ${fileName} cancelled: nothing was added.`);
      return 'cancelled';
    }
    if (imported.kind === 'csv') setCsv({ table: imported.table, fileName });
    else notify('error', `${fileName}: ${imported.message}`);
    return null;
  };

  /** Files (or a text main read) in order: their events go where the user says, in one question; a cancel stops the rest. */
  const readAll = async (files: readonly { name: string; size: number; source: Blob | string }[]) => {
    const imports: FileImport[] = [];
    for (const file of files) {
      if (file.size > MAX_IMPORT_BYTES) {
        notify('error', `${file.name} is ${(file.size / 1024 / 1024).toFixed(0)} MB; EventDesk imports files up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
        continue;
      }
      const one = await read(file.name, file.source);
      if (one === 'cancelled') return;
      if (one) imports.push(one);
    }
    received(imports);
  };

  /** One import after another: a file dropped while another is read waits its turn. */
  const queued = (files: readonly { name: string; size: number; source: Blob | string }[]) => {
    queue.current = queue.current
      .then(() => readAll(files))
      // What went wrong is said, and the next import still runs.
      .catch((error: unknown) => notify('error', `The import failed: ${error instanceof Error ? error.message : String(error)}`));
  };

  return {
    csv,
    closeCsv: () => setCsv(null),
    pending,
    choose,
    cancel: () => setPending(null),
    openEach,
    received,
    importNamed: (name: string, text: string) => queued([{ name, size: text.length, source: text }]),
    importFiles: (files: readonly File[]) => queued(files.map((file) => ({ name: file.name, size: file.size, source: file }))),
  };
}

export function ImportExport({
  batch,
  dropTarget,
  into,
  more = null,
}: {
  batch: Batch;
  dropTarget: RefObject<HTMLElement | null>;
  into: ImportTarget;
  more?: HTMLElement | null;
}) {
  const importer = useImporter(batch, into);
  const importFiles = importer.importFiles;

  // Dropping files anywhere on the composer (the editor, the event list) imports them, asking where.
  useEffect(() => {
    const target = dropTarget.current;
    if (!target) return;
    const over = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      importFiles([...event.dataTransfer.files]);
    };
    target.addEventListener('dragover', over);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragover', over);
      target.removeEventListener('drop', drop);
    };
  }, [dropTarget, importFiles]);
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
        title={withShortcut('Import JSON, NDJSON, CSV, cURL or HAR into this batch or as a new one (or drop a file here)', 'batch.import')}
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
          if (file) importer.importFiles([file]);
        }}
      />
      {/* Used now and then: in the toolbar's More panel. Their dialogs stay here, outside it. */}
      <InMore panel={more}>
        <button type="button" className="small" onClick={() => setPasting(true)}>
          Paste cURL…
        </button>
        <button
          type="button"
          className="small"
          onClick={() => setPreviewing(true)}
          title={withShortcut('The batch with its templates ({{$uuid}}, {{$now}}, variables…) resolved', 'batch.preview')}
        >
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
            importer.received([eventsImport(importer.csv!.fileName, imported, note)]);
            importer.closeCsv();
          }}
        />
      )}
      <PasteCurlDialog
        open={pasting}
        onClose={() => setPasting(false)}
        onImport={(events, note) => void importer.openEach([eventsImport('pasted cURL command', events, note)])}
      />
      {importer.pending && (
        <ImportChoice
          imports={importer.pending.imports}
          batchName={batch.name}
          eventCount={importer.pending.eventCount}
          selected={importer.pending.selected}
          onChoose={importer.choose}
          onCancel={importer.cancel}
        />
      )}
    </>
  );
}
