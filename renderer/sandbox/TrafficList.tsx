import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CapturedRequest } from '../../features/capture/common/capture.ts';
import { OLDER_PAGE, type CapturedRequestDetail, type ListedRequest } from '../../features/capture/common/capture-requests.ts';
import { diagnosticMessage } from '../../features/plans/common/plan-diagnostics.ts';
import { plural } from '../../base/common/plural.ts';
import type { SandboxViolation } from '../../features/sandbox/common/sandbox.ts';
import { outcomeClassOf } from '../../features/sandbox/common/sandbox-outcome.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { HeaderList } from '../base/widgets/HeaderList.tsx';
import { useCapturedRequest } from '../base/data/sandbox-queries.ts';
import { ForwardedPart } from './ForwardedPart.tsx';
import { useSandboxView } from './events/sandbox-view.ts';
import { formatTime } from '../base/time-format.ts';

/** Rows shown at once; "Show older" shows as many more. Rendering stays quick however much was captured. */
export const PAGE_SIZE = 300;

/** A kept body, pretty when it is whole JSON; `bytes` is how long it was, when only its start was kept. */
function prettyBody(text: string, whole: { bytes: number; truncated: boolean } = { bytes: text.length, truncated: false }): string {
  if (whole.bytes === 0 || text === '') return '(empty)';
  if (whole.truncated) return `${text}\n… (${whole.bytes.toLocaleString('en')} bytes in all; the start is shown)`;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A violation's severity in words and a sign, so it does not rest on colour. */
function SeverityMark({ severity }: { severity: SandboxViolation['severity'] }) {
  return <span className={`plan-mark ${severity}`}>{severity === 'error' ? '✕ error' : '⚠ warning'}</span>;
}

/** Each event that breaks the plan, numbered from 1, with its violations: severity, kind, where and what. */
function PlanViolations({ plan, violations, unlisted }: { plan: string; violations: readonly SandboxViolation[]; unlisted: number }) {
  const byEvent = new Map<number, SandboxViolation[]>();
  for (const violation of violations) byEvent.set(violation.index, [...(byEvent.get(violation.index) ?? []), violation]);
  return (
    <section className="plan-violations" aria-label={`Plan violations (${plan})`}>
      <h3>
        Plan {plan}: {violations.length === 0 ? 'every event passes' : `${plural(byEvent.size, 'event')} with violations`}
      </h3>
      {[...byEvent].map(([index, listed]) => (
        <div key={index} className="plan-event" role="group" aria-label={`Event ${index + 1}`}>
          <h4>Event {index + 1}</h4>
          <ul>
            {listed.map((violation, position) => (
              <li key={position}>
                <SeverityMark severity={violation.severity} /> <code className="plan-kind">{violation.kind}</code> <code>{violation.pointer}</code>:{' '}
                {diagnosticMessage(violation)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {unlisted > 0 && <p className="muted">{plural(unlisted, 'more violation')} not listed.</p>}
    </section>
  );
}

/** How many of its events were accepted, refused or not delivered, and the refused ones' own problems. */
function EventVerdicts({ detail }: { detail: CapturedRequestDetail }) {
  if (detail.accepted + detail.refused + detail.undelivered === 0) return null;
  return (
    <section className="event-verdicts" aria-label="Event verdicts">
      <h3>
        Events: {detail.accepted.toLocaleString('en')} accepted · {detail.refused.toLocaleString('en')} refused
        {detail.undelivered > 0 && ` · ${detail.undelivered.toLocaleString('en')} not delivered`}
      </h3>
      {detail.refusedEvents.length > 0 && (
        <ul>
          {detail.refusedEvents.map((event) => (
            <li key={event.index}>
              Event {event.index + 1}:{' '}
              {event.problems.map((problem) => (problem.field === '' ? problem.message : `${problem.field}: ${problem.message}`)).join('; ')}
              {event.problemCount > event.problems.length && ` (and ${plural(event.problemCount - event.problems.length, 'more problem')})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A request the sandbox refused from its headers (a bad token or API key) before reading its
 * body: the body was never read, so it has no events. Forwarding, the upstream judges the
 * credentials, so there the body is read and kept.
 */
function refusedFromHeaders(request: CapturedRequest): boolean {
  return (
    request.upstream === null &&
    request.method === 'POST' &&
    (request.status === 401 || request.status === 403) &&
    request.body === '' &&
    request.eventCount === 0
  );
}

function RequestParts({ request }: { request: CapturedRequest }) {
  return (
    <>
      <section>
        <h3>Request headers</h3>
        <HeaderList headers={request.headers} />
        <h3>Request body</h3>
        <pre>
          {refusedFromHeaders(request)
            ? `(not read: ${plural(request.bodyBytes, 'byte')} declared)`
            : prettyBody(request.body, { bytes: request.bodyBytes, truncated: request.bodyTruncated })}
        </pre>
      </section>
      <section>
        <h3>Response</h3>
        {request.response ? (
          <>
            <HeaderList headers={request.response.headers} />
            <pre>{prettyBody(request.response.body)}</pre>
          </>
        ) : (
          <p className="muted">No answer: the connection was reset or dropped.</p>
        )}
      </section>
    </>
  );
}

function TrafficDetail({ id }: { id: number }) {
  const detail = useCapturedRequest(id);
  if (detail.error) return <ErrorNotice title="This request could not be read" error={detail.error} />;
  if (!detail.data) return <p className="muted">Reading…</p>;
  const { request } = detail.data;
  return (
    <div className="traffic-detail">
      {refusedFromHeaders(request) && (
        <p className="unread-body">
          Refused from its headers ({request.reason}): its body was not read, so it has no events here. Forwarding, the upstream judges the credentials, and the
          body is kept.
        </p>
      )}
      <EventVerdicts detail={detail.data} />
      {request.plan && <PlanViolations plan={request.plan} violations={detail.data.violations} unlisted={detail.data.unlisted} />}
      {request.upstream && <ForwardedPart forwarded={request.upstream} />}
      <RequestParts request={request} />
    </div>
  );
}

/** Where a forwarded request went: the upstream's status, or that it gave none (the client got a 502). */
function ForwardedMark({ upstream }: { upstream: NonNullable<ListedRequest['upstream']> }) {
  const said = upstream.failed || upstream.status === null ? 'no answer' : String(upstream.status);
  return (
    <span className={`badge forwarded${upstream.failed ? ' failed' : ''}`} title="Forwarded to the upstream, which answered so">
      → upstream {said}
    </span>
  );
}

/** The plan its events were checked against, with what it found. */
function PlanBadge({ record }: { record: ListedRequest }) {
  const found = [record.planErrors > 0 && plural(record.planErrors, 'error'), record.planWarnings > 0 && plural(record.planWarnings, 'warning')]
    .filter(Boolean)
    .join(', ');
  const severity = record.planErrors > 0 ? ' error' : record.planWarnings > 0 ? ' warning' : '';
  return (
    <span className={`badge plan${severity}`} title={`Checked against the plan ${record.plan}`}>
      plan: {record.plan}
      {found && ` · ${found}`}
    </span>
  );
}

/**
 * One request. A captured request never changes, so a row renders again only when it becomes or
 * stops being the active one; its detail is read only when opened.
 */
const TrafficRow = memo(function TrafficRow({ record, asked, active }: { record: ListedRequest; asked: boolean; active: boolean }) {
  const outcome = outcomeClassOf(record);
  const [open, setOpen] = useState(false);
  // The request an event of the Events view asked for: opened, brought into view, focused.
  const summary = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!asked || !summary.current) return;
    (summary.current.parentElement as HTMLDetailsElement).open = true;
    summary.current.scrollIntoView?.({ block: 'nearest' });
    summary.current.focus();
  }, [asked]);
  return (
    <li data-request={record.id}>
      <details onToggle={(toggle) => setOpen(toggle.currentTarget.open)}>
        <summary ref={summary} tabIndex={active ? 0 : -1}>
          <span className="request-number">#{record.id}</span>
          <span className="time">{formatTime(record.receivedAt, 'millisecond')}</span>
          <span className="method">{record.method}</span>
          <span className="path">{record.path}</span>
          <span className={`status outcome-${outcome}`}>{record.status ?? 'reset'}</span>
          <span className={`reason outcome-${outcome}`} title={record.reason}>
            {record.reason}
          </span>
          <span className="duration">{record.durationMs.toFixed(0)} ms</span>
          <span className="marks">
            {record.fault && <span className="badge fault">{record.fault}</span>}
            {record.upstream && <ForwardedMark upstream={record.upstream} />}
            {record.plan && <PlanBadge record={record} />}
          </span>
        </summary>
        {open && <TrafficDetail id={record.id} />}
      </details>
    </li>
  );
});

/** How far PageUp and PageDown move the active row. */
const ROWS_A_PAGE = 10;

/** The row a key moves to from `at` among `count`, or null for a key that does not move. */
function rowAfterKey(key: string, at: number, count: number): number | null {
  const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: count - 1, PageDown: at + ROWS_A_PAGE, PageUp: at - ROWS_A_PAGE };
  return key in moves ? Math.min(count - 1, Math.max(0, moves[key]!)) : null;
}

/** Reading older requests from the capture, beyond those held. */
export interface OlderInCapture {
  load: () => void;
  loading: boolean;
}

/**
 * The requests, newest first, a page at a time. One Tab stop: the arrow keys, Home, End,
 * PageUp and PageDown move between rows (a roving tab index), Enter or Space opens one.
 * `older`: the capture keeps older requests than these, read a page at a time.
 */
export function TrafficList({ records, older }: { records: readonly ListedRequest[]; older?: OlderInCapture }) {
  const asked = useSandboxView((state) => state.shownRequest);
  const askedAt = asked === null ? -1 : records.findIndex((record) => record.id === asked);
  const [paged, setShown] = useState(PAGE_SIZE);
  const [activeId, setActiveId] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // A request asked for further down than the rows shown shows, with the rows above it.
  const shown = Math.min(records.length, Math.max(paged, askedAt + 1));
  if (records.length === 0) {
    return (
      <p className="empty">No requests yet. Log in or send a batch to Local sandbox, or point any client at the address in the Connection panel beside.</p>
    );
  }
  const activeAt = Math.max(
    0,
    records.findIndex((record) => record.id === (activeId ?? asked)),
  );

  function move(event: KeyboardEvent<HTMLOListElement>) {
    // Keys inside an opened request's detail (its text, its buttons) are theirs.
    if (!(event.target instanceof HTMLElement) || event.target.tagName !== 'SUMMARY') return;
    const to = rowAfterKey(event.key, activeAt, shown);
    if (to === null) return;
    event.preventDefault();
    setActiveId(records[to]!.id);
    list.current?.querySelector<HTMLElement>(`li[data-request="${records[to]!.id}"] > details > summary`)?.focus();
  }

  const hidden = records.length - shown;
  return (
    <>
      <ol
        ref={list}
        className="traffic"
        aria-label="Requests, newest first"
        aria-describedby="traffic-keys"
        onKeyDown={move}
        onFocus={(event) => {
          const row = event.target.closest('li[data-request]');
          if (event.target.tagName === 'SUMMARY' && row) setActiveId(Number(row.getAttribute('data-request')));
        }}
      >
        {records.slice(0, shown).map((record, at) => (
          <TrafficRow key={record.id} record={record} asked={record.id === asked} active={at === activeAt} />
        ))}
      </ol>
      <p id="traffic-keys" hidden>
        Arrow keys, Home, End, Page Up and Page Down move between requests; Enter opens one.
      </p>
      {hidden > 0 && (
        <p className="hint">
          Showing the newest {shown.toLocaleString('en')} of {plural(records.length, 'request')} held.{' '}
          <button type="button" className="small" onClick={() => setShown(shown + PAGE_SIZE)}>
            Show {Math.min(PAGE_SIZE, hidden).toLocaleString('en')} older
          </button>
        </p>
      )}
      {hidden <= 0 && older && (
        <p className="hint">
          The capture keeps older requests than these.{' '}
          <button type="button" className="small" disabled={older.loading} onClick={older.load}>
            Load {OLDER_PAGE.toLocaleString('en')} older
          </button>
        </p>
      )}
    </>
  );
}
