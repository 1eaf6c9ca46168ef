import { useState } from 'react';
import { ExportFormatSchema, type ExportFormat } from '../../features/history/common/history.ts';
import { useApi } from '../base/queries.ts';
import { useNotices } from '../base/state/ui.ts';

const formatNames: Record<ExportFormat, string> = { json: 'JSON', ndjson: 'NDJSON', har: 'HAR 1.2', curl: 'cURL' };

/**
 * Exports submissions to a file main writes after asking where: the text, and any secrets the
 * user asked for, never pass through the page.
 */
export function ExportControls({ ids }: { ids: readonly string[] }) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const [format, setFormat] = useState<ExportFormat>('har');
  const [withSecrets, setWithSecrets] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const saved = await api.history.export({ ids: [...ids], format, withSecrets });
      if (saved)
        notify(
          withSecrets ? 'warning' : 'success',
          `Exported ${ids.length === 1 ? 'the submission' : `${ids.length} submissions`} to ${saved.path}${withSecrets ? ', with the API key and token: keep it to yourself.' : ', secrets masked.'}`,
        );
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="inline export-controls">
      <select aria-label="Export format" value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
        {ExportFormatSchema.options.map((option) => (
          <option key={option} value={option}>
            {formatNames[option]}
          </option>
        ))}
      </select>
      <label
        className="small"
        title="Put in the environment's real API key and its current access token instead of ••••: the token a send used is never kept, so a replay logs in as now"
      >
        <input type="checkbox" checked={withSecrets} onChange={(event) => setWithSecrets(event.target.checked)} /> with secrets
      </label>
      <button type="button" onClick={() => void run()} disabled={busy || ids.length === 0}>
        {busy ? 'Exporting…' : 'Export…'}
      </button>
    </span>
  );
}
