import type { ImportedEvent } from '../../../features/formats/common/import-result.ts';
import { serializeJson } from '../../../features/formats/common/json.ts';
import { plural } from '../../../base/common/plural.ts';
import { Modal } from '../../base/widgets/Modal.tsx';

/** Events read from one file, waiting for the user to say where they go: written as a batch's text (as a new batch holds them), and counted. */
export interface FileImport {
  fileName: string;
  text: string;
  count: number;
  note?: string;
}

/** Events the page made itself (a mapped CSV, a pasted command) as an import. */
export function eventsImport(fileName: string, events: readonly ImportedEvent[], note?: string): FileImport {
  return { fileName, text: serializeJson(events), count: events.length, ...(note ? { note } : {}) };
}

/** Where imported events go: a new batch per file, or into the open batch after the event at `after` (-1: before the first). */
export type ImportPlace = { kind: 'new' } | { kind: 'add'; after: number };

/** Whether a drag brings files from outside the page (not an event row being moved). */
export const carriesFiles = (drag: { dataTransfer: DataTransfer | null }): boolean => drag.dataTransfer?.types.includes('Files') ?? false;

/** "a.har", "a.har and b.ndjson", "a.har, b.ndjson and c.csv". */
export function fileNames(imports: readonly FileImport[]): string {
  const names = imports.map((file) => file.fileName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Asked when a file is imported (Import…, the menu, a drop) while a batch with events is open:
 * add its events to that batch, at the end or after the selected event, or open it as a new
 * batch as before. The app's own dialog, so it can be answered from the keyboard; Escape cancels.
 */
export function ImportChoice({
  imports,
  batchName,
  eventCount,
  selected,
  onChoose,
  onCancel,
}: {
  imports: readonly FileImport[];
  batchName: string;
  eventCount: number;
  /** The event the user has selected (or has the cursor in), when there is one. */
  selected: number | null;
  onChoose: (place: ImportPlace) => void;
  onCancel: () => void;
}) {
  const count = imports.reduce((sum, file) => sum + file.count, 0);
  // After the last event is the same place as the end: one button says it.
  const afterSelected = selected !== null && selected < eventCount - 1 ? selected : null;
  return (
    <Modal open onClose={onCancel} labelledBy="import-choice-title" className="narrow">
      <h2 id="import-choice-title">
        Import {plural(count, 'event')} from {fileNames(imports)}
      </h2>
      <p className="muted">
        “{batchName}” is open with {plural(eventCount, 'event')}. Added events are one edit: Ctrl/Cmd+Z takes them all out.
      </p>
      <div className="choices">
        <button type="button" onClick={() => onChoose({ kind: 'add', after: eventCount - 1 })}>
          Add to this batch, at the end
        </button>
        {afterSelected !== null && (
          <button type="button" onClick={() => onChoose({ kind: 'add', after: afterSelected })}>
            Add to this batch, after event {afterSelected + 1}
          </button>
        )}
        <button type="button" data-autofocus onClick={() => onChoose({ kind: 'new' })}>
          {imports.length === 1 ? 'Open as a new batch' : 'Open each as a new batch'}
        </button>
      </div>
      <div className="dialog-buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
