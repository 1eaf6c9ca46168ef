import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../base/queries.ts';
import { useSendState } from '../base/data/send-state.ts';
import { useNotices } from '../base/state/ui.ts';

/**
 * What the page is told when EventDesk's background services stopped by themselves (out of
 * memory, a crash). Restarted: a notice says so and whether a send was cut short (History has it,
 * with Resume), and everything shown is read again, since the services' memory is new. Not
 * restarted, having stopped too often: a banner that stays, since nothing works until EventDesk
 * is reopened.
 */
export function ServicesNotice() {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const cutShort = useSendState((state) => state.cutShort);
  const [gaveUp, setGaveUp] = useState<string | null>(null);

  useEffect(
    () =>
      api.app.onServicesStopped(({ reason, restarted }) => {
        if (!restarted) {
          setGaveUp(reason);
          return;
        }
        const sends = cutShort();
        void client.invalidateQueries();
        const interrupted =
          sends === 0
            ? ''
            : sends === 1
              ? ' The send under way was interrupted: resume it from History.'
              : ` The ${sends} sends under way were interrupted: resume them from History.`;
        notify('warning', `EventDesk's background services stopped (${reason}) and were restarted.${interrupted}`);
      }),
    [api, client, cutShort, notify],
  );

  if (gaveUp === null) return null;
  return (
    <div className="services-stopped" role="alert">
      EventDesk's background services stopped ({gaveUp}) too often and are not restarted again: quit and reopen EventDesk. Sends made so far are kept in
      History; copy any text typed since, which cannot be saved until then.
    </div>
  );
}
