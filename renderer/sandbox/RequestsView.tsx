import { useEffect, useMemo, useState } from 'react';
import type { CapturedRequestSummary } from '../../features/capture/common/capture.ts';
import type { ListedRequest } from '../../features/capture/common/capture-requests.ts';
import { OUTCOME_CLASSES, OUTCOME_CLASS_LABELS, outcomeClassOf, type OutcomeClass } from '../../features/sandbox/common/sandbox-outcome.ts';
import { isFiltering, matchesRequestFilter, NO_REQUEST_FILTER, pathOf, type RequestFilter } from '../../features/capture/common/sandbox-request-filter.ts';
import { plural } from '../../base/common/plural.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { CaptureStatusLine } from './CaptureStatusLine.tsx';
import { useCaptureStatus, useExportHar, useLoadOlder, useShowNewest, useTrafficWindow } from '../base/data/sandbox-queries.ts';
import { TrafficList } from './TrafficList.tsx';
import './triage.css';

/** The ages a request filter offers, in minutes. */
const WITHIN: readonly { minutes: number; label: string }[] = [
  { minutes: 1, label: 'Last minute' },
  { minutes: 5, label: 'Last 5 minutes' },
  { minutes: 15, label: 'Last 15 minutes' },
  { minutes: 60, label: 'Last hour' },
  { minutes: 24 * 60, label: 'Last 24 hours' },
];

/** How many requests of each class are listed, for the status filter's choices. */
function countByClass(records: readonly CapturedRequestSummary[]): Map<OutcomeClass, number> {
  const counts = new Map<OutcomeClass, number>();
  for (const record of records) {
    const outcome = outcomeClassOf(record);
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  return counts;
}

/**
 * A class as the status filter offers it, with how many are listed. A 2xx is not always an
 * accepted batch (a login is a 2xx too), so that class says how many of its requests sent events.
 */
function classChoice(outcome: OutcomeClass, records: readonly CapturedRequestSummary[], count: number): string {
  if (outcome !== 'accepted') return `${OUTCOME_CLASS_LABELS[outcome]} (${count.toLocaleString('en')})`;
  const sentEvents = records.filter((record) => outcomeClassOf(record) === 'accepted' && pathOf(record) === '/user/events').length;
  return `2xx (${count.toLocaleString('en')}: ${sentEvents.toLocaleString('en')} to /user/events, ${(count - sentEvents).toLocaleString('en')} other)`;
}

/** How often a filter by age looks at the clock again, so requests leave it as they age. */
const CLOCK_TICK_MS = 10_000;

/** The time now, kept fresh while `ticking`; `refresh` reads the clock at once (when the filter by age is chosen). */
function useClock(ticking: boolean): [now: number, refresh: () => void] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return [now, () => setNow(Date.now())];
}

/** Exports the requests listed (those the filters let through) as HAR, where the user chooses. */
function ExportHar({ records }: { records: readonly CapturedRequestSummary[] }) {
  const exportHar = useExportHar();
  return (
    <>
      <button
        type="button"
        className="small"
        disabled={records.length === 0 || exportHar.isPending}
        onClick={() => exportHar.mutate(records.map((record) => record.id))}
      >
        Export HAR…
      </button>
      {exportHar.data && (
        <span className="muted" role="status">
          Saved {plural(exportHar.data.count, 'request')} to {exportHar.data.path}
        </span>
      )}
      {exportHar.error && <ErrorNotice title="The requests could not be exported" error={exportHar.error} />}
    </>
  );
}

/**
 * The sandbox's requests as the capture kept them (so they outlive a restart), with what the
 * capture holds, and triage filters: by outcome (2xx, refused for credentials or for content,
 * other 4xx, 5xx, forced by a fault, no answer), by path, and by age. The list stays live while
 * filtered: a new request that matches appears at the top. Export HAR takes the requests listed.
 * Older requests than those held are read a page at a time ("Load older"); the filters apply to
 * those held.
 */
export function RequestsView({ records }: { records: ListedRequest[] }) {
  const status = useCaptureStatus();
  const window = useTrafficWindow().data;
  const loadOlder = useLoadOlder();
  const showNewest = useShowNewest();
  const oldest = records.at(-1);
  const [filter, setFilter] = useState<RequestFilter>(NO_REQUEST_FILTER);
  const counts = useMemo(() => countByClass(records), [records]);
  const paths = useMemo(() => [...new Set(records.map(pathOf))].sort(), [records]);
  const [now, refreshNow] = useClock(filter.withinMinutes !== null);
  const shown = useMemo(() => (isFiltering(filter) ? records.filter((record) => matchesRequestFilter(record, filter, now)) : records), [records, filter, now]);
  const change = (patch: Partial<RequestFilter>) => setFilter((current) => ({ ...current, ...patch }));

  return (
    <>
      {status.data && <CaptureStatusLine status={status.data} />}
      {status.error && <ErrorNotice title="The capture's state could not be read" error={status.error} />}
      {records.length > 0 && (
        <div className="request-filters" role="group" aria-label="Filter requests">
          <label>
            Status
            <select value={filter.outcome ?? ''} onChange={(event) => change({ outcome: (event.target.value || null) as OutcomeClass | null })}>
              <option value="">All statuses</option>
              {OUTCOME_CLASSES.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {classChoice(outcome, records, counts.get(outcome) ?? 0)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Path
            <select value={filter.path ?? ''} onChange={(event) => change({ path: event.target.value || null })}>
              <option value="">All paths</option>
              {paths.map((path) => (
                <option key={path} value={path}>
                  {path}
                </option>
              ))}
            </select>
          </label>
          <label>
            Time
            <select
              value={filter.withinMinutes ?? ''}
              onChange={(event) => {
                refreshNow();
                change({ withinMinutes: event.target.value ? Number(event.target.value) : null });
              }}
            >
              <option value="">Any time</option>
              {WITHIN.map((within) => (
                <option key={within.minutes} value={within.minutes}>
                  {within.label}
                </option>
              ))}
            </select>
          </label>
          {isFiltering(filter) && (
            <>
              <span className="muted" data-testid="request-filter-count">
                {shown.length.toLocaleString('en')} of {plural(records.length, 'request')}
              </span>
              <button type="button" className="small" onClick={() => setFilter(NO_REQUEST_FILTER)}>
                Clear filters
              </button>
            </>
          )}
          <span className="spacer" />
          <ExportHar records={shown} />
        </div>
      )}
      {window?.detached && (
        <p className="hint" role="status">
          Showing older requests: the newest were let go to keep the list short, and new ones are not added.{' '}
          <button type="button" className="small" onClick={showNewest}>
            Back to the newest
          </button>
        </p>
      )}
      {records.length > 0 && shown.length === 0 ? (
        <p className="empty">No request matches the filters. New ones that do will appear here.</p>
      ) : (
        <TrafficList records={shown} older={window?.more && oldest ? { load: () => loadOlder.mutate(oldest.id), loading: loadOlder.isPending } : undefined} />
      )}
      {loadOlder.error && <ErrorNotice title="Older requests could not be read" error={loadOlder.error} />}
    </>
  );
}
