import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OpenedFile } from '../../shared/files.ts';
import { useApi } from '../queries.ts';
import { useComposer, type Batch } from '../state/composer.ts';
import { useNotices } from '../state/ui.ts';

const recentKey = ['files', 'recent'] as const;

/** Open, Save, Save as and the recent files; Ctrl/Cmd+O, +S and +Shift+S do the same. */
export function FileActions({ batch }: { batch: Batch }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const recent = useQuery({ queryKey: recentKey, queryFn: () => api.files.recent() });
  const fail = (what: string) => (error: unknown) => notify('error', `${what}: ${error instanceof Error ? error.message : String(error)}`);

  const show = (file: OpenedFile | null) => {
    void client.invalidateQueries({ queryKey: recentKey });
    if (!file) return;
    const composer = useComposer.getState();
    const already = composer.batches.find((candidate) => candidate.filePath === file.path);
    if (already) composer.activate(already.id);
    else composer.open({ name: file.name, text: file.text, filePath: file.path });
  };
  const open = () => api.files.open().then(show, fail('The file could not be opened'));
  const openRecent = (path: string) => api.files.openRecent({ path }).then(show, fail('The file could not be opened'));
  const save = (saveAs: boolean) =>
    api.files.save({ path: saveAs ? null : batch.filePath, suggestedName: batch.filePath ? batch.name : `${batch.name}.json`, text: batch.text }).then((result) => {
      void client.invalidateQueries({ queryKey: recentKey });
      if (!result) return;
      useComposer.getState().saved(batch.id, result.path);
      notify('success', `Saved to ${result.path}.`);
    }, fail('The batch could not be saved'));

  // Captured before the editor sees the keys, so Ctrl+S saves the batch, not the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        void save(event.shiftKey);
      } else if (key === 'o' && !event.shiftKey) {
        event.preventDefault();
        void open();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  return (
    <>
      <button type="button" className="small" onClick={() => void open()} title="Open a batch file (Ctrl+O)">
        Open…
      </button>
      <button type="button" className="small" onClick={() => void save(false)} title={batch.filePath ? `Save to ${batch.filePath} (Ctrl+S)` : 'Save to a file (Ctrl+S)'}>
        Save
      </button>
      <button type="button" className="small" onClick={() => void save(true)} title="Save to another file (Ctrl+Shift+S)">
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
    </>
  );
}
