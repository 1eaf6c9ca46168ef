import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WorkspaceChangeEvent } from '../../../features/workspace/common/workspace-schema.ts';
import type { Api } from '../api.ts';
import { useCommand } from '../state/command-registry.ts';
import { environmentsKey } from './environment-queries.ts';
import { historyKey, interruptedSendsKey } from './history-queries.ts';
import { useApi } from '../queries.ts';
import { useComposer } from '../state/composer.ts';
import { useNotices } from '../state/ui.ts';
import { changedBatches, reloadBatch } from './workspace-reload.ts';

export const workspaceKey = ['workspace', 'current'] as const;

/** The open workspace's listing, or null; kept current by `workspace:changed` (see useWorkspaceEvents). */
export function useWorkspace() {
  const api = useApi();
  return useQuery({ queryKey: workspaceKey, queryFn: () => api.workspace.current(), staleTime: Infinity });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The open batches whose files the change names: each takes the file's new text, or asks first when it has unsaved edits. */
async function reloadChanged(api: Api, change: WorkspaceChangeEvent, notify: (tone: 'info' | 'warning', text: string) => void): Promise<void> {
  const listed = new Set(change.listing?.files.map((file) => file.path));
  for (const { batch, path } of changedBatches(change, useComposer.getState().batches)) {
    if (!listed.has(path)) {
      notify('warning', `${path} was removed from the workspace on disk; its tab keeps the text, and Save writes it back.`);
      continue;
    }
    const file = await api.workspace.openFile({ path });
    if (reloadBatch(batch, path, file.text) === 'reloaded') notify('info', `${path} changed on disk and was reloaded.`);
  }
}

/**
 * Follows the open workspace: opened or closed (by a menu, the command line, the sidebar) and its
 * files changed on disk; and offers Open workspace… and Close workspace as commands.
 */
export function useWorkspaceEvents(): void {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);

  useEffect(
    () =>
      api.workspace.onChanged((change) => {
        client.setQueryData(workspaceKey, change.listing);
        // The workspace's environments join the list, or leave it; opened or closed, another history is read, with the sends it holds interrupted.
        void client.invalidateQueries({ queryKey: environmentsKey });
        if (change.changed.length === 0) {
          void client.invalidateQueries({ queryKey: historyKey });
          void client.invalidateQueries({ queryKey: interruptedSendsKey });
        }
        reloadChanged(api, change, notify).catch((error: unknown) => notify('error', `A changed file could not be read again: ${message(error)}`));
      }),
    [api, client, notify],
  );

  const open = () => api.workspace.open().catch((error: unknown) => notify('error', `The workspace could not be opened: ${message(error)}`));
  const close = () => api.workspace.close().catch((error: unknown) => notify('error', `The workspace could not be closed: ${message(error)}`));
  const current = useWorkspace().data ?? null;
  useCommand('workspace.open', open);
  useCommand('workspace.close', close, { enabled: current !== null, reason: 'No workspace is open' });
}
