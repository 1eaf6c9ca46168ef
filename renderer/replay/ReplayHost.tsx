import { useCommand } from '../base/state/command-registry.ts';
import { useApi } from '../base/queries.ts';
import { useNotices } from '../base/state/ui.ts';
import { ReplayDialog } from './ReplayDialog.tsx';
import { replayOfFile } from './replay-file.ts';
import { useReplay } from '../base/data/replay-store.ts';

/** The Replay dialog, once for the whole app, open while someone asked for a replay; and the palette's "Replay a file's events". */
export function ReplayHost() {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const request = useReplay((state) => state.request);
  const opened = useReplay((state) => state.opened);
  const close = useReplay((state) => state.close);
  useCommand('replay.file', () =>
    api.files.import().then((file) => {
      if (!file) return;
      const replay = replayOfFile(file.name, file.text);
      if ('message' in replay) notify('error', replay.message);
      else useReplay.getState().open(replay);
    }),
  );
  return request ? <ReplayDialog key={opened} request={request} onClose={close} /> : null;
}
