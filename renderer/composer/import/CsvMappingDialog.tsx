import { useState } from 'react';
import { CSV_TEXT_FIELDS, mapCsv, suggestCsvMapping, type CsvColumnTarget, type CsvTable } from '../../../features/formats/common/csv.ts';
import type { ImportedEvent } from '../../../features/formats/common/import-result.ts';
import { Modal } from '../../base/widgets/Modal.tsx';

const keyOf = (target: CsvColumnTarget) => (target.to === 'field' ? `field:${target.field}` : target.to === 'attribute' ? 'attribute' : target.to);

/** Shows the CSV's columns with a guessed target each; the user adjusts, then imports. */
export function CsvMappingDialog({
  table,
  fileName,
  serviceIdField,
  onImport,
  onClose,
}: {
  table: CsvTable;
  fileName: string;
  serviceIdField: string;
  onImport: (events: ImportedEvent[], note?: string) => void;
  onClose: () => void;
}) {
  const [mapping, setMapping] = useState(() => suggestCsvMapping(table.headers, { serviceIdField }));
  const [problem, setProblem] = useState<string | null>(null);
  const change = (column: number, key: string) =>
    setMapping((current) =>
      current.map((target, at) => {
        if (at !== column) return target;
        if (key === 'attribute') return { to: 'attribute', name: table.headers[column]?.replace(/^(attr|attributes)\./, '') || `column${column + 1}` };
        if (key === 'service-id' || key === 'nothing') return { to: key };
        return { to: 'field', field: key.slice('field:'.length) as (typeof CSV_TEXT_FIELDS)[number] };
      }),
    );

  return (
    <Modal open onClose={onClose} labelledBy="csv-title" className="editor">
      <h2 id="csv-title">Import {fileName}</h2>
      <p className="hint">
        {table.rows.length.toLocaleString('en')} {table.rows.length === 1 ? 'row' : 'rows'}. Choose where each column goes; attribute values stay text. Empty
        cells are left out.
      </p>
      <table className="csv-mapping">
        <thead>
          <tr>
            <th>Column</th>
            <th>First value</th>
            <th>Goes to</th>
          </tr>
        </thead>
        <tbody>
          {table.headers.map((header, column) => {
            const target = mapping[column] ?? { to: 'nothing' };
            return (
              <tr key={column}>
                <td>{header || `(column ${column + 1})`}</td>
                <td className="muted">{table.rows[0]?.[column] ?? ''}</td>
                <td>
                  <select
                    aria-label={`Target of column ${header || column + 1}`}
                    value={keyOf(target)}
                    onChange={(event) => change(column, event.target.value)}
                  >
                    {CSV_TEXT_FIELDS.map((field) => (
                      <option key={field} value={`field:${field}`}>
                        {field}
                      </option>
                    ))}
                    <option value="service-id">{serviceIdField} (integer)</option>
                    <option value="attribute">attribute{target.to === 'attribute' ? ` “${target.name}”` : ''}</option>
                    <option value="nothing">nothing</option>
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            const result = mapCsv(table, mapping, { serviceIdField });
            if (result.ok) onImport(result.events, result.note);
            else setProblem(result.message);
          }}
        >
          Import
        </button>
      </div>
    </Modal>
  );
}
