import type { CapturedEventRow } from '../../../features/capture/common/capture-events.ts';
import { plural } from '../../../base/common/plural.ts';
import { ErrorNotice } from '../../base/widgets/ErrorNotice.tsx';
import { useCapturedEvent } from './queries.ts';
import { verdictText, violationsText } from './verdict.ts';
import { formatTime } from '../../base/time-format.ts';

/** One captured event: why it was accepted or refused, what the plan found, its request, and the event as it arrived. */
export function EventDetail({ row, onClose, onShowRequest }: { row: CapturedEventRow; onClose: () => void; onShowRequest: (requestId: number) => void }) {
  const detail = useCapturedEvent({ requestId: row.requestId, index: row.index });
  const violations = violationsText(row);
  const unlisted = row.problemCount - row.problems.length;
  return (
    <section className="event-detail" aria-label="Event detail">
      <div className="event-detail-head">
        <h2>
          Event {row.index + 1} of request #{row.requestId}
        </h2>
        <span className="spacer" />
        <button type="button" className="small" onClick={onClose}>
          Close
        </button>
      </div>
      <p className={`verdict ${row.verdict}`}>{verdictText(row)}</p>
      {row.problems.length > 0 && (
        <ul className="event-detail-problems" aria-label="Problems">
          {row.problems.map((problem, at) => (
            <li key={at}>
              {problem.field && <code>{problem.field}</code>} {problem.message}
            </li>
          ))}
          {unlisted > 0 && <li className="muted">and {plural(unlisted, 'more problem')}</li>}
        </ul>
      )}
      {violations && <p className="verdict violations">{violations}</p>}
      {row.violations.length > 0 && (
        <ul className="event-detail-problems" aria-label="Plan violations">
          {row.violations.map((violation, at) => (
            <li key={at}>
              <strong>{violation.severity}</strong> <code>{violation.pointer}</code> {violation.message}
            </li>
          ))}
        </ul>
      )}
      {detail.error && <ErrorNotice title="The event could not be read" error={detail.error} />}
      {detail.data && (
        <>
          <p className="muted">
            Came in{' '}
            <button type="button" className="link" onClick={() => onShowRequest(detail.data.request.id)}>
              request #{detail.data.request.id}
            </button>{' '}
            at {formatTime(detail.data.request.receivedAt)}: {detail.data.request.path}, {detail.data.request.status ?? 'no answer'}{' '}
            {detail.data.request.reason}
          </p>
          {detail.data.text === null ? (
            <p className="muted">Its request&apos;s body was not kept whole, so the event itself is not there.</p>
          ) : (
            <pre className="event-detail-json">{detail.data.text}</pre>
          )}
        </>
      )}
    </section>
  );
}
