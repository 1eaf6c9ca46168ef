import './history.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchableWords, type HistoryFilter } from '../../features/history/common/history.ts';
import type { SubmissionSummary } from '../../features/history/common/submission.ts';
import { useCommand } from '../base/state/command-registry.ts';
import { useApi } from '../base/queries.ts';
import { confirm } from '../base/widgets/questions.ts';
import { bringForward } from '../base/widgets/bring-forward.ts';
import { useNotices, useUi } from '../base/state/ui.ts';
import { useWorkspace } from '../base/data/workspace-queries.ts';
import { CompareView } from './CompareView.tsx';
import { CoveragePanel } from './CoveragePanel.tsx';
import { ExportControls } from './ExportControls.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryList } from './HistoryList.tsx';
import { HistoryUnreadable } from './HistoryUnreadable.tsx';
import { freshenHistory, historyKey, useHistoryCount, useHistoryPages, useTimeline } from '../base/data/history-queries.ts';
import { useHistory } from '../base/data/history-state.ts';
import { Storage } from './Storage.tsx';
import { SubmissionDetail } from './SubmissionDetail.tsx';
import { Timeline } from './Timeline.tsx';
import { plural } from '../../base/common/plural.ts';

/** Why the list is empty: nothing sent, nothing matching, or a search of nothing that can be found. */
function emptyText(filter: HistoryFilter): string {
  const search = filter.search.trim();
  if (search && searchableWords(search).length === 0) return `The search finds words and numbers (ids, values, notes); “${search}” has neither.`;
  if (search || filter.statuses.length || filter.environmentIds.length || filter.from || filter.to)
    return 'No submission matches. Try fewer words, or clear the filters.';
  return 'Nothing sent yet. Every batch you send is kept here, newest first, to search, compare, export and send again.';
}

/** Every submission, searchable and filterable, with a timeline; the one opened on the right, or two compared. */
export function HistoryScreen() {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const screen = useUi((state) => state.screen);
  const { filter, unit, openId, checked, comparing, coverageShown } = useHistory();
  const { setFilter, setUnit, open, uncheck, compare, showCoverage } = useHistory.getState();
  // Each workspace keeps its own history: the open one's is shown.
  const workspaceName = useWorkspace().data?.manifest.name ?? null;
  // Read from the first time the screen is shown, not at start.
  const [shown, setShown] = useState(screen === 'history');
  // Where a damaged history file went, said until the screen is left.
  const [setAsideTo, setSetAsideTo] = useState<string | null>(null);
  if (screen === 'history' && !shown) setShown(true);
  if (screen !== 'history' && setAsideTo) setSetAsideTo(null);
  const pages = useHistoryPages(filter, shown);
  const count = useHistoryCount(filter, shown);
  const timeline = useTimeline(filter, unit, shown);
  const searchRef = useRef<HTMLInputElement>(null);
  const rows: SubmissionSummary[] = pages.data?.pages.flat() ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Opening the screen reads the history again: sends from the command line show up too.
  useEffect(() => {
    if (screen === 'history') freshenHistory(client, api);
  }, [screen, client, api]);

  useCommand('history.find', () => bringForward('history', searchRef.current, () => searchRef.current?.select()));

  const refresh = () => void client.invalidateQueries({ queryKey: historyKey });
  const deleted = (count: number) => {
    notify(
      count > 0 ? 'success' : 'warning',
      count > 0 ? `Deleted ${plural(count, 'submission', 'submissions')}.` : 'Nothing was deleted: a send under way is kept until it ends.',
    );
    refresh();
  };
  const deleteChecked = async () => {
    const ids = checked.length > 0 ? checked : openId ? [openId] : [];
    if (ids.length === 0) return;
    const message = `Delete ${plural(ids.length, 'submission', 'submissions')} from the history? This cannot be undone.`;
    if (!(await confirm({ title: 'Delete submissions?', message, action: 'Delete', destructive: true }))) return;
    api.history.delete({ ids }).then(
      (result) => {
        uncheck(ids);
        if (openId && ids.includes(openId)) open(null);
        deleted(result.deleted);
      },
      (error: unknown) => notify('error', error instanceof Error ? error.message : String(error)),
    );
  };
  const deleteMatching = async () => {
    const total = count.data ?? 0;
    if (total === 0) return;
    const message = `Delete all ${plural(total, 'submission', 'submissions')} that match the filter? This cannot be undone.`;
    if (!(await confirm({ title: 'Delete the matching submissions?', message, action: 'Delete', destructive: true }))) return;
    api.history.delete({ filter }).then(
      (result) => {
        uncheck();
        open(null);
        deleted(result.deleted);
      },
      (error: unknown) => notify('error', error instanceof Error ? error.message : String(error)),
    );
  };
  const startCompare = () => {
    const pair = rows.filter((row) => checked.includes(row.id)).sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    if (pair.length === 2) compare([pair[0]!.id, pair[1]!.id]);
  };

  return (
    <div className="history-screen">
      <section className="history-browse" aria-labelledby="history-title">
        <div className="pane-header">
          <h1 id="history-title">History</h1>
          <span className="muted" data-testid="history-owner">
            {workspaceName === null ? 'Sends made without a workspace' : `Sends of the workspace ${workspaceName}`}
          </span>
          <span className="muted" data-testid="history-count">
            {count.data === undefined || pages.error ? '' : plural(count.data, 'submission', 'submissions')}
          </span>
          <span className="spacer" />
          <button type="button" className="small" onClick={refresh} title="Read the history again (sends from the command line show up too)">
            Refresh
          </button>
          <button
            type="button"
            className="small"
            aria-pressed={coverageShown}
            onClick={() => showCoverage(!coverageShown)}
            title="Which kinds of a tracking plan the matching submissions' events show, and which they never show"
          >
            Plan coverage
          </button>
        </div>
        <HistoryFilters searchRef={searchRef} />
        {/* A damaged file can answer a count from an index while its rows cannot be read: no half picture. */}
        {timeline.data && !pages.error && <Timeline buckets={timeline.data} unit={unit} onUnit={setUnit} onPick={(range) => setFilter(range)} />}
        <div className="inline wrap selection-bar" aria-label="Selected submissions">
          <span className="muted">{checked.length > 0 ? `${checked.length} selected` : 'Tick rows to compare, export or delete them'}</span>
          <button type="button" className="small" disabled={checked.length !== 2} onClick={startCompare} title="Compare two submissions">
            Compare
          </button>
          {checked.length > 0 && <ExportControls ids={checked} />}
          <button type="button" className="small danger" disabled={checked.length === 0} onClick={() => void deleteChecked()}>
            Delete selected
          </button>
          <button type="button" className="small danger" disabled={!count.data || Boolean(pages.error)} onClick={() => void deleteMatching()}>
            Delete all matching
          </button>
          {checked.length > 0 && (
            <button type="button" className="small" onClick={() => uncheck()}>
              Clear selection
            </button>
          )}
        </div>
        {setAsideTo && (
          <p className="set-aside-note" role="status">
            The damaged history file was moved to <code>{setAsideTo}</code>. This is a fresh history.
          </p>
        )}
        {pages.error ? (
          <HistoryUnreadable error={pages.error} onSetAside={setSetAsideTo} />
        ) : pages.isPending ? (
          <p className="empty">Reading the history…</p>
        ) : rows.length === 0 ? (
          <p className="empty" data-testid="history-empty">
            {emptyText(filter)}
          </p>
        ) : (
          <HistoryList rows={rows} hasMore={hasNextPage} loadMore={loadMore} onDelete={() => void deleteChecked()} />
        )}
        <Storage enabled={shown} />
      </section>
      <section className="history-detail" aria-label="Submission">
        {comparing ? (
          <CompareView pair={comparing} />
        ) : coverageShown ? (
          <CoveragePanel filter={filter} onClose={() => showCoverage(false)} />
        ) : openId ? (
          <SubmissionDetail key={openId} id={openId} />
        ) : (
          <p className="empty">Open a submission to see its request, every chunk's answer, and what you can do with it. Tick two to compare them.</p>
        )}
      </section>
    </div>
  );
}
