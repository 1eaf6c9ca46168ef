import { useEffect } from 'react';
import { useFileOpening } from '../composer/opening/opening.ts';
import { useApi } from '../base/queries.ts';
import { useComposer } from '../base/state/composer.ts';
import { useNotices } from '../base/state/ui.ts';
import { runCommand } from '../base/state/command-registry.ts';

/**
 * What main asks of the page: a menu item's command (`app:command`), and the files the OS
 * opened (`files:opened`: a double-click, a second launch, Open Recent). Files are listened to
 * only once the drafts of the last run are back, which would otherwise replace their tabs; main
 * keeps what the OS opened before that, taken once right after subscribing.
 */
export function useRequestsFromMain(): void {
  const api = useApi();
  const { opened } = useFileOpening();
  const notify = useNotices((state) => state.notify);
  const restored = useComposer((state) => state.restored);

  useEffect(() => api.app.onCommand(({ command }) => runCommand(command)), [api]);
  useEffect(() => {
    if (!restored) return;
    const unsubscribe = api.files.onOpened(opened);
    api.files.takeOpened().then(
      (files) => files.forEach(opened),
      (error: unknown) => notify('error', `The files given at launch could not be opened: ${error instanceof Error ? error.message : String(error)}`),
    );
    return unsubscribe;
  }, [api, opened, notify, restored]);
}
