import { useEffect, useState, type RefObject } from 'react';
import { emptyHistoryFilter, SEARCH_MAX, type HistoryFilter } from '../../features/history/common/history.ts';
import { SubmissionStatusSchema } from '../../features/history/common/submission.ts';
import { withShortcut } from '../base/state/command-registry.ts';
import { useEnvironments } from '../base/data/environment-queries.ts';
import { useHistory } from '../base/data/history-state.ts';

/** Typing settles for this long before the search runs. */
const SEARCH_DELAY_MS = 200;

const pad = (value: number) => String(value).padStart(2, '0');
const dateOf = (iso: string | null, dayBefore = false) => {
  if (iso === null) return '';
  const date = new Date(iso);
  if (dayBefore) date.setMilliseconds(-1);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
/** A date field's value as local midnight, `days` later. */
const instantOf = (value: string, days = 0) => {
  if (!value) return null;
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year!, month! - 1, day! + days).toISOString();
};

export function HistoryFilters({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const filter = useHistory((state) => state.filter);
  const setFilter = useHistory((state) => state.setFilter);
  const environments = useEnvironments().data?.environments ?? [];
  const [search, setSearch] = useState(filter.search);
  const [seen, setSeen] = useState(filter.search);

  // A search set from elsewhere (Clear filters) shows in the field.
  if (filter.search !== seen) {
    setSeen(filter.search);
    setSearch(filter.search);
  }
  useEffect(() => {
    if (search === filter.search) return;
    const timer = setTimeout(() => setFilter({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter.search, setFilter]);

  const toggleStatus = (status: HistoryFilter['statuses'][number]) =>
    setFilter({ statuses: filter.statuses.includes(status) ? filter.statuses.filter((other) => other !== status) : [...filter.statuses, status] });
  const filtered = JSON.stringify(filter) !== JSON.stringify(emptyHistoryFilter);
  const [more, setMore] = useState(false);
  const hiddenActive = filter.statuses.length + (filter.from === null ? 0 : 1) + (filter.to === null ? 0 : 1);

  return (
    <div className="history-filters" role="search" aria-label="Find submissions">
      <div className="history-filter-line">
        <input
          ref={searchRef}
          type="search"
          maxLength={SEARCH_MAX}
          className="history-search"
          placeholder="customer_id, device_id, token, attribute value, response, label, note…"
          aria-label={withShortcut('Search submissions', 'history.find')}
          aria-describedby="history-search-help"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          aria-label="Environment"
          value={filter.environmentIds[0] ?? ''}
          onChange={(event) => setFilter({ environmentIds: event.target.value ? [event.target.value] : [] })}
        >
          <option value="">All environments</option>
          {environments.map((environment) => (
            <option key={environment.id} value={environment.id}>
              {environment.name}
            </option>
          ))}
        </select>
        <button type="button" className="small" aria-expanded={more} aria-controls="history-more-filters" onClick={() => setMore(!more)}>
          {hiddenActive > 0 ? `More filters (${hiddenActive})` : 'More filters'}
        </button>
        <button type="button" className="small" disabled={!filtered} onClick={() => setFilter(emptyHistoryFilter)}>
          Clear filters
        </button>
      </div>
      {/* Folded away so the list keeps most of the column; the help stays the search box's description. */}
      <div id="history-more-filters" className="history-more-filters" hidden={!more}>
        <p id="history-search-help" className="history-search-help">
          Search finds each word from its start, or from a part after - _ . : / @ (<kbd>7781</kbd> finds <kbd>cust-7781</kbd>), in ids, attribute values,
          responses, labels and notes; every word must match.
        </p>
        <div className="inline wrap">
          <label>
            From <input type="date" value={dateOf(filter.from)} onChange={(event) => setFilter({ from: instantOf(event.target.value) })} />
          </label>
          <label>
            To <input type="date" value={dateOf(filter.to, true)} onChange={(event) => setFilter({ to: instantOf(event.target.value, 1) })} />
          </label>
        </div>
        <fieldset className="status-filter">
          <legend>Status</legend>
          {SubmissionStatusSchema.options.map((status) => (
            <label key={status} className="chip">
              <input type="checkbox" checked={filter.statuses.includes(status)} onChange={() => toggleStatus(status)} /> {status}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
