import './history.css';
import { useQuery } from '@tanstack/react-query';
import { emptyHistoryFilter } from '../../features/history/common/history.ts';
import { withShortcut } from '../base/state/command-registry.ts';
import { useApi } from '../base/queries.ts';
import { useUi } from '../base/state/ui.ts';
import { eventsText, startedText } from '../base/data/history-format.ts';
import { historyKey } from '../base/data/history-queries.ts';
import { useHistory } from '../base/data/history-state.ts';
import { StatusBadge } from '../send/StatusBadge.tsx';

const RECENT = 5;

/**
 * The last few sends in the sidebar, each a way into the History screen. A send's name has the
 * first line to itself and its badges the second: beside a step's verdict it was cut to "S…".
 */
export function RecentSubmissions() {
  const api = useApi();
  const show = useUi((state) => state.show);
  const open = useHistory((state) => state.open);
  const recent = useQuery({ queryKey: [...historyKey, 'recent'], queryFn: () => api.history.list({ filter: emptyHistoryFilter, limit: RECENT }) });
  const rows = recent.data ?? [];
  return (
    <section aria-labelledby="recent-heading" className="recent-submissions">
      <h2 id="recent-heading">Recent sends</h2>
      {recent.error ? (
        <p className="empty">The history cannot be read; the {withShortcut('History', 'view.history')} says why.</p>
      ) : rows.length === 0 ? (
        <p className="empty">Nothing sent yet. Every submission is kept in the {withShortcut('History', 'view.history')}, newest first.</p>
      ) : (
        <ul>
          {rows.map((row) => {
            const name = `${row.label || startedText(row)} · ${eventsText(row.eventCount)}`;
            return (
              <li key={row.id}>
                <button
                  type="button"
                  className="link-like recent-send"
                  onClick={() => {
                    open(row.id);
                    show('history');
                  }}
                >
                  <span className="color-dot" style={{ background: row.environmentColor }} aria-hidden />
                  <span className="recent-send-name" title={name}>
                    {name}
                  </span>
                  <span className="recent-send-status">
                    <StatusBadge submission={row} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="small" onClick={() => show('history')}>
        {withShortcut('All history', 'view.history')}
      </button>
    </section>
  );
}
