import { memo, useEffect, useRef, useState } from 'react';
import type { CapturedRequest, CapturedRequestSummary } from '../../shared/capture.ts';
import type { CapturedRequestDetail } from '../../shared/capture-requests.ts';
import { diagnosticMessage } from '../../shared/plans/plan-diagnostics.ts';
import { plural } from '../../shared/plural.ts';
import type { SandboxViolation } from '../../shared/sandbox.ts';
import { outcomeClassOf } from '../../shared/sandbox-outcome.ts';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';
import { HeaderList } from '../shell/HeaderList.tsx';
import { useCapturedRequest } from './queries.ts';
import { ForwardedPart } from './ForwardedPart.tsx';
import { useSandboxView } from './sandbox-view.ts';

/** Rows shown at once; "Show older" shows as many more. Rendering stays quick however much was captured. */
export const PAGE_SIZE = 300;

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 });

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
                <SeverityMark severity={violation.severity} /> <code className="plan-kind">{violation.kind}</code> <code>{violation.pointer}</code>: {diagnosticMessage(violation)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {unlisted > 0 && <p className="muted">{plural(unlisted, 'more violation')} not listed.</p>}
    </section>
  );
}

/** How many of its events were accepted and refused, and the refused ones' own problems. */
function EventVerdicts({ detail }: { detail: CapturedRequestDetail }) {
  if (detail.accepted + detail.refused === 0) return null;
  return (
    <section className="event-verdicts" aria-label="Event verdicts">
      <h3>
        Events: {detail.accepted.toLocaleString('en')} accepted · {detail.refused.toLocaleString('en')} refused
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

function RequestParts({ request }: { request: CapturedRequest }) {
  return (
    <>
      <section>
        <h3>Request headers</h3>
        <HeaderList headers={request.headers} />
        <h3>Request body</h3>
        <pre>{prettyBody(request.body, { bytes: request.bodyBytes, truncated: request.bodyTruncated })}</pre>
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
      <EventVerdicts detail={detail.data} />
      {request.plan && <PlanViolations plan={request.plan} violations={detail.data.violations} unlisted={detail.data.unlisted} />}
      {request.upstream && <ForwardedPart forwarded={request.upstream} />}
      <RequestParts request={request} />
    </div>
  );
}

/** One request. A captured request never changes, so a row renders once; its detail is read only when opened. */
const TrafficRow = memo(function TrafficRow({ record, asked }: { record: CapturedRequestSummary; asked: boolean }) {
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
    <li>
      <details onToggle={(toggle) => setOpen(toggle.currentTarget.open)}>
        <summary ref={summary}>
          <span className="time">{timeOfDay.format(new Date(record.receivedAt))}</span>
          <span className="method">{record.method}</span>
          <span className="path">{record.path}</span>
          <span className={`status outcome-${outcome}`}>{record.status ?? 'reset'}</span>
          <span className={`reason outcome-${outcome}`} title={record.reason}>
            {record.reason}
          </span>
          <span className="duration">{record.durationMs.toFixed(0)} ms</span>
          {record.fault && <span className="badge fault">{record.fault}</span>}
        </summary>
        {open && <TrafficDetail id={record.id} />}
      </details>
    </li>
  );
});

/** The requests, newest first, a page at a time. `kept`: how many the capture holds in all. */
export function TrafficList({ records, kept }: { records: readonly CapturedRequestSummary[]; kept?: number }) {
  const asked = useSandboxView((state) => state.shownRequest);
  const askedAt = asked === null ? -1 : records.findIndex((record) => record.id === asked);
  const [paged, setShown] = useState(PAGE_SIZE);
  // A request asked for further down than the rows shown shows, with the rows above it.
  const shown = Math.max(paged, askedAt + 1);
  if (records.length === 0) {
    return <p className="empty">No requests yet. Log in or send a batch to Local sandbox, or point any client at the address in the Connection panel beside.</p>;
  }
  const older = records.length - shown;
  return (
    <>
      <ol className="traffic" aria-label="Requests, newest first">
        {records.slice(0, shown).map((record) => (
          <TrafficRow key={record.id} record={record} asked={record.id === asked} />
        ))}
      </ol>
      {older > 0 && (
        <p className="hint">
          Showing the newest {shown.toLocaleString('en')} of {plural(records.length, 'request')}.{' '}
          <button type="button" className="small" onClick={() => setShown(shown + PAGE_SIZE)}>
            Show {Math.min(PAGE_SIZE, older).toLocaleString('en')} older
          </button>
        </p>
      )}
      {older <= 0 && kept !== undefined && kept > records.length && (
        <p className="hint">
          The capture holds {plural(kept, 'request')}; the newest {records.length.toLocaleString('en')} are listed here. All of them: <code>eventdesk capture list --limit N</code>.
        </p>
      )}
    </>
  );
}
