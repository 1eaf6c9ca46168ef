import { useQuery } from '@tanstack/react-query';
import { useCommand, withShortcut } from '../base/state/command-registry.ts';
import { useApi } from '../base/queries.ts';
import type { Batch } from '../base/state/composer.ts';
import { InMore } from '../base/widgets/MoreMenu.tsx';
import { recentFilesKey, useFileOpening } from './opening/opening.ts';
import { OpeningProgress } from './opening/OpeningProgress.tsx';
import { useSaveBatch } from './saving.ts';

/**
 * Open, Save, Save as, the recent files and the progress of one being opened; Save and Save as are
 * also commands (Ctrl/Cmd+S, +Shift+S). Open and Save are icons named for screen readers, with a
 * tooltip; Save as and the recent files go in the toolbar's More panel (`more`).
 */
export function FileActions({ batch, more }: { batch: Batch; more: HTMLElement | null }) {
  const api = useApi();
  const recent = useQuery({ queryKey: recentFilesKey, queryFn: () => api.files.recent() });
  const { open, openRecent } = useFileOpening();

  const saveBatch = useSaveBatch();
  const save = (saveAs: boolean) => saveBatch(batch, saveAs);
  useCommand('batch.save', () => save(false));
  useCommand('batch.saveAs', () => save(true));

  return (
    <>
      <button type="button" className="small icon" aria-label="Open…" onClick={() => void open()} title={withShortcut('Open a batch file', 'batch.open')}>
        <svg viewBox="0 0 16 16" aria-hidden="true">
          <path d="M1.5 13.5v-10h4l1.5 1.5h6.5v2M1.5 13.5l2-6h11l-2 6z" />
        </svg>
      </button>
      <button
        type="button"
        className="small icon"
        aria-label="Save"
        onClick={() => void save(false)}
        title={withShortcut(batch.filePath ? `Save to ${batch.filePath}` : 'Save to a file', 'batch.save')}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true">
          <path d="M2.5 2.5h9l2 2v9h-11zM5 2.5v3h5v-3M5 13.5v-4h6v4" />
        </svg>
      </button>
      <InMore panel={more}>
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
      </InMore>
      <OpeningProgress />
    </>
  );
}
