import { memo, useState } from 'react';
import { diagnosticMessage } from '../../shared/plans/plan-diagnostics.ts';
import { plural } from '../../shared/plural.ts';
import type { CapturedBody, SandboxPlanCheck, SandboxRequestRecord, SandboxViolation } from '../../shared/sandbox.ts';
import { requestOutcome } from '../../shared/sandbox-outcome.ts';
import { HeaderList } from '../shell/HeaderList.tsx';

/** Rendering stays quick however long the sandbox has run; the rest is one request away. */
export const SHOWN_LIMIT = 300;

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 });

function prettyBody(body: CapturedBody): string {
  if (body.bytes === 0) return '(empty)';
  let text = body.text;
  if (!body.truncated) {
    try {
      text = JSON.stringify(JSON.parse(body.text), null, 2);
    } catch {
      // Not JSON: show it as it came.
    }
  }
  return body.truncated ? `${text}\n… (${body.bytes.toLocaleString('en')} bytes in all; the start is shown)` : text;
}


/** A violation's severity in words and a sign, so it does not rest on colour. */
function SeverityMark({ severity }: { severity: SandboxViolation['severity'] }) {
  return <span className={`plan-mark ${severity}`}>{severity === 'error' ? '✕ error' : '⚠ warning'}</span>;
}

/** The row's mark: how many plan errors (or, without any, warnings) its events have. */
function planBadge(check: SandboxPlanCheck): { text: string; severity: SandboxViolation['severity'] } | null {
  const errors = check.violations.filter((violation) => violation.severity === 'error').length;
  if (errors > 0) return { text: `✕ ${plural(errors, 'plan error')}`, severity: 'error' };
  const warnings = check.violations.length;
  return warnings > 0 ? { text: `⚠ ${plural(warnings, 'plan warning')}`, severity: 'warning' } : null;
}

/** Each event that breaks the plan, numbered from 1, with its violations: severity, kind, where and what. */
function PlanViolations({ check }: { check: SandboxPlanCheck }) {
  const byEvent = new Map<number, SandboxViolation[]>();
  for (const violation of check.violations) byEvent.set(violation.index, [...(byEvent.get(violation.index) ?? []), violation]);
  return (
    <section className="plan-violations" aria-label={`Plan violations (${check.plan})`}>
      <h3>
        Plan {check.plan}: {check.violations.length === 0 ? 'every event passes' : `${plural(byEvent.size, 'event')} with violations`}
      </h3>
      {[...byEvent].map(([index, violations]) => (
        <div key={index} className="plan-event" role="group" aria-label={`Event ${index + 1}`}>
          <h4>Event {index + 1}</h4>
          <ul>
            {violations.map((violation, position) => (
              <li key={position}>
                <SeverityMark severity={violation.severity} /> <code className="plan-kind">{violation.kind}</code> <code>{violation.pointer}</code>: {diagnosticMessage(violation)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {check.unlisted > 0 && <p className="muted">{plural(check.unlisted, 'more violation')} not listed.</p>}
    </section>
  );
}

function TrafficDetail({ record }: { record: SandboxRequestRecord }) {
  return (
    <div className="traffic-detail">
      {record.plan && <PlanViolations check={record.plan} />}
      <section>
        <h3>Request headers</h3>
        <HeaderList headers={record.headers} />
        <h3>Request body</h3>
        <pre>{prettyBody(record.body)}</pre>
      </section>
      <section>
        <h3>Response</h3>
        {record.response ? (
          <>
            <HeaderList headers={record.response.headers} />
            <pre>{prettyBody(record.response.body)}</pre>
          </>
        ) : (
          <p className="muted">No answer: the connection was reset or dropped.</p>
        )}
      </section>
    </div>
  );
}

/**
 * One request. A record never changes once pushed, so a row renders once, and its bodies are
 * formatted only when it is opened: during a big send each new request used to re-render and
 * re-format every shown body (up to 64 KiB each), seconds of the page's time per send.
 */
const TrafficRow = memo(function TrafficRow({ record }: { record: SandboxRequestRecord }) {
  const status = record.response?.status ?? null;
  const outcome = requestOutcome(record);
  const [open, setOpen] = useState(false);
  const badge = record.plan && planBadge(record.plan);
  return (
    <li>
      <details onToggle={(toggle) => setOpen(toggle.currentTarget.open)}>
        <summary>
          <span className="time">{timeOfDay.format(new Date(record.time))}</span>
          <span className="method">{record.method}</span>
          <span className="path">{record.path}</span>
          <span className={`status outcome-${outcome.class}`}>{status ?? 'reset'}</span>
          <span className={`reason outcome-${outcome.class}`} title={outcome.reason}>
            {outcome.reason}
          </span>
          <span className="duration">{record.durationMs.toFixed(0)} ms</span>
          {record.fault && <span className="badge fault">{record.fault}</span>}
          {badge && <span className={`badge plan ${badge.severity}`}>{badge.text}</span>}
        </summary>
        {open && <TrafficDetail record={record} />}
      </details>
    </li>
  );
});

export function TrafficList({ records }: { records: SandboxRequestRecord[] }) {
  if (records.length === 0) {
    return <p className="empty">No requests yet. Log in or send a batch to Local sandbox, or point any client at the address above.</p>;
  }
  return (
    <>
      <ol className="traffic" aria-label="Requests, newest first">
        {records.slice(0, SHOWN_LIMIT).map((record) => (
          <TrafficRow key={record.id} record={record} />
        ))}
      </ol>
      {records.length > SHOWN_LIMIT && (
        <p className="hint">
          Showing the newest {SHOWN_LIMIT} of {records.length.toLocaleString('en')} requests. All of them: GET /_sandbox/requests.
        </p>
      )}
    </>
  );
}
