import { useQuery } from '@tanstack/react-query';
import { useCommand, withShortcut } from '../commands/registry.ts';
import { useApi } from '../queries.ts';
import type { Batch } from '../state/composer.ts';
import { recentFilesKey, useFileOpening } from './opening.ts';
import { OpeningProgress } from './OpeningProgress.tsx';
import { useSaveBatch } from './saving.ts';

/** Open, Save, Save as, the recent files and the progress of one being opened; Save and Save as are also commands (Ctrl/Cmd+S, +Shift+S). */
export function FileActions({ batch }: { batch: Batch }) {
  const api = useApi();
  const recent = useQuery({ queryKey: recentFilesKey, queryFn: () => api.files.recent() });
  const { open, openRecent } = useFileOpening();

  const saveBatch = useSaveBatch();
  const save = (saveAs: boolean) => saveBatch(batch, saveAs);
  useCommand('batch.save', () => save(false));
  useCommand('batch.saveAs', () => save(true));

  return (
    <>
      <button type="button" className="small" onClick={() => void open()} title={withShortcut('Open a batch file', 'batch.open')}>
        Open…
      </button>
      <button type="button" className="small" onClick={() => void save(false)} title={withShortcut(batch.filePath ? `Save to ${batch.filePath}` : 'Save to a file', 'batch.save')}>
        Save
      </button>
      <button type="button" className="small" onClick={() => void save(true)} title={withShortcut('Save to another file', 'batch.saveAs')}>
        Save as…
      </button>
      <select
        className="small"
        aria-label="Recent files"
        value=""
        disabled={!recent.data?.length}
        onChange={(event) => {
          if (event.target.value) void openRecent(event.target.value);
        }}
      >
        <option value="">{recent.data?.length ? 'Recent…' : 'No recent files'}</option>
        {recent.data?.map((file) => (
          <option key={file.path} value={file.path} title={file.path}>
            {file.name}
          </option>
        ))}
      </select>
      <OpeningProgress />
    </>
  );
}
