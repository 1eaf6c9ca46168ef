import { useCallback, useEffect, useMemo, useState } from 'react';
import { CAPTURED_VERDICT_FILTERS, type CapturedEventRow, type CapturedVerdictFilter } from '../../../features/capture/common/capture-events.ts';
import { AppError } from '../../../base/common/errors.ts';
import { plural } from '../../../base/common/plural.ts';
import { FILTER_PAUSE_MS } from '../../composer/form/event-filter.ts';
import { ErrorNotice } from '../../base/widgets/ErrorNotice.tsx';
import { FilterInput, FilterStatus } from '../../base/widgets/FilterInput.tsx';
import { useSandboxView } from './sandbox-view.ts';
import { AttributeColumns } from './AttributeColumns.tsx';
import { EventDetail } from './EventDetail.tsx';
import { EventsActions } from './EventsActions.tsx';
import { useEventsUi } from './events-ui.ts';
import { EventsTable } from './EventsTable.tsx';
import { EVENTS_PAGE_SIZE, useCapturedEventsLive, useEventPages } from './queries.ts';
import { extendTo, NO_SELECTION, selectAll, selectedCount, selectOnly, toggle, type RowSelection } from './selection.ts';
import './events.css';

const VERDICT_LABELS: Record<CapturedVerdictFilter, string> = {
  any: 'All verdicts',
  accepted: 'Accepted',
  refused: 'Refused',
  undelivered: 'Not delivered',
  violations: 'With plan violations',
};

/** The expression as typed, and as read after a pause in typing. */
function usePaused(value: string): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), FILTER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return paused;
}

function pagesOf(from: number, to: number): number[] {
  const pages: number[] = [];
  for (let page = Math.floor(from / EVENTS_PAGE_SIZE); page <= Math.floor(Math.max(from, to - 1) / EVENTS_PAGE_SIZE); page++) pages.push(page);
  return pages;
}

/**
 * Every event the sandbox captured, as a live table: filtered by the composer's language and by
 * verdict, with the attribute columns chosen, each event's verdict and request, its detail, and
 * the selected events taken out (a new batch, a copy, a file, a replay).
 */
export function EventsView() {
  useCapturedEventsLive();
  const { where, verdict, attributes, setWhere, setVerdict } = useEventsUi();
  const showRequest = useSandboxView((state) => state.showRequest);
  // Sent as typed: a problem's column is then the column in the box, as the composer and
  // `eventdesk capture --where` count it. Spaces around it match the same events, so keep the selection.
  const applied = usePaused(where);
  const filter = useMemo(() => ({ where: applied, verdict }), [applied, verdict]);
  const filterKey = `${verdict}\n${applied.trim()}`;
  const [inView, setInView] = useState<[number, number]>([0, 1]);
  const pages = pagesOf(inView[0], inView[1]);
  const { results, newest } = useEventPages(filter, attributes, pages);
  const answered = newest ?? results.find((result) => result.data)?.data;
  const failed = results.find((result) => result.error)?.error ?? null;
  const badFilter = failed instanceof AppError && failed.code === 'capture-filter' ? failed : null;
  const total = badFilter ? 0 : (answered?.total ?? 0);

  const [chosen, setChosen] = useState<{ key: string; selection: RowSelection }>({ key: filterKey, selection: NO_SELECTION });
  const selection = chosen.key === filterKey ? chosen.selection : NO_SELECTION;
  const choose = (next: RowSelection) => setChosen({ key: filterKey, selection: next });
  // The keyboard's row, like the selection, belongs to the filter's list it was chosen in.
  const [activeIn, setActiveIn] = useState({ key: filterKey, place: -1 });
  const active = activeIn.key === filterKey ? activeIn.place : -1;
  const setActive = (place: number) => setActiveIn({ key: filterKey, place });
  const [detail, setDetail] = useState<CapturedEventRow | null>(null);

  // A page shown in another's place while it comes (the count stays put) gives no rows: they would be the wrong ones.
  const rowAt = (place: number): CapturedEventRow | undefined => {
    const page = Math.floor(place / EVENTS_PAGE_SIZE);
    const result = results[pages.indexOf(page)];
    return result && !result.isPlaceholderData ? result.data?.rows[place - page * EVENTS_PAGE_SIZE] : undefined;
  };
  const onInView = useCallback((from: number, to: number) => setInView((current) => (current[0] === from && current[1] === to ? current : [from, to])), []);
  const open = (place: number) => {
    const row = rowAt(place);
    if (row) setDetail(row);
  };
  const count = selectedCount(selection);

  return (
    <div className="events-view">
      <div className="events-toolbar" role="search" aria-label="Find captured events">
        <FilterInput label="Filter captured events" value={where} onChange={setWhere} invalid={badFilter !== null} statusId="events-filter-status" />
        <label>
          Verdict
          <select value={verdict} onChange={(change) => setVerdict(change.target.value as CapturedVerdictFilter)}>
            {CAPTURED_VERDICT_FILTERS.map((option) => (
              <option key={option} value={option}>
                {VERDICT_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <AttributeColumns />
      </div>
      <FilterStatus id="events-filter-status" problem={badFilter !== null} data-testid="events-count">
        {badFilter
          ? badFilter.message
          : answered
            ? `${total.toLocaleString('en')} of ${plural(answered.captured, 'event')}${where.trim() === '' ? ' · filter by a field (created_at >= 2026-11-20, attributes.plan exists) or any text' : ''}`
            : 'Reading the capture…'}
      </FilterStatus>
      {count > 0 && answered && (
        <EventsActions
          selection={{ ...filter, generation: answered.generation, ranges: selection.ranges }}
          count={count}
          onClear={() => choose(NO_SELECTION)}
        />
      )}
      {failed && !badFilter && <ErrorNotice title="The captured events could not be read" error={failed} />}
      <div className="events-main">
        {answered?.captured === 0 ? (
          <div className="empty">
            <p>Nothing captured yet.</p>
            <p className="muted">
              Point an SDK or a script at the sandbox: its address, credentials and a ready-made curl are in the Connection panel beside. Every event it
              receives shows here, accepted or refused.
            </p>
          </div>
        ) : answered && total === 0 && !badFilter ? (
          <p className="empty">No captured event matches the filter. New ones that do will appear here.</p>
        ) : (
          <EventsTable
            total={total}
            rowAt={rowAt}
            attributes={attributes}
            selection={selection}
            active={active}
            onClickRow={(place, keys) => {
              setActive(place);
              if (keys.extend) choose(extendTo(selection, place, keys.toggle));
              else if (keys.toggle) choose(toggle(selection, place));
              else {
                choose(selectOnly(place));
                open(place);
              }
            }}
            onMove={(place, extend) => {
              setActive(place);
              if (extend) choose(extendTo(selection.anchor === null ? { ...selection, anchor: Math.max(active, 0) } : selection, place, false));
            }}
            onToggle={(place) => {
              setActive(place);
              choose(toggle(selection, place));
            }}
            onSelectAll={() => choose(selectAll(total))}
            onOpen={open}
            onShowRequest={showRequest}
            onInView={onInView}
          />
        )}
        {detail && <EventDetail key={`${detail.requestId}/${detail.index}`} row={detail} onClose={() => setDetail(null)} onShowRequest={showRequest} />}
      </div>
    </div>
  );
}
