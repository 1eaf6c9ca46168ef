import './compare.css';
import { useState } from 'react';
import { diffSummary, entryCount, type DiffCounts, type MatchBy } from '../../features/transforms/common/event-diff.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { EventDiffList } from './EventDiffList.tsx';
import { useEventDiff } from './useEventDiff.ts';
import { CompareEditor } from '../base/editors.ts';
import { EditorSlot } from '../base/widgets/EditorSlot.tsx';

/** No event of one side found its match on the other, though both have events: after "Shift times", say. */
export function nothingMatched(counts: DiffCounts): boolean {
  return counts.leftCount > 0 && counts.rightCount > 0 && counts.onlyLeft === counts.leftCount && counts.onlyRight === counts.rightCount;
}

/**
 * Two batches compared event by event: first what differs in one line ("Identical", or "3
 * events only left, 1 only right, 2 differ"), then each differing event's fields side by side.
 * The raw text diff is one click away. `sides` names the two texts for a screen reader.
 */
export function BatchComparison({ left, right, label, sides }: { left: string; right: string; label: string; sides: [string, string] }) {
  const [matchBy, setMatchBy] = useState<MatchBy>('key');
  const [asText, setAsText] = useState(false);
  const state = useEventDiff(left, right, matchBy);
  // By key, nothing matched: every event differs by a key field, and matching by position is the likely wish.
  const unmatched = state.status === 'done' && matchBy === 'key' && nothingMatched(state.counts);
  const summary =
    state.status === 'done'
      ? `${unmatched ? 'No event matches by token, customer_id and created_at: ' : ''}${diffSummary(state.counts)}`
      : state.status === 'comparing'
        ? 'Comparing the events…'
        : 'The events could not be compared.';

  return (
    <div className="batch-comparison" data-testid="batch-comparison">
      <div className="inline wrap comparison-bar">
        <p
          className={`diff-summary ${state.status === 'done' ? (summary === 'Identical' ? 'same' : 'different') : ''}`}
          role="status"
          data-testid="diff-summary"
        >
          {state.status === 'done' && <span aria-hidden>{summary === 'Identical' ? '= ' : '≠ '}</span>}
          {summary}
        </p>
        {unmatched && (
          <button type="button" className="small primary" onClick={() => setMatchBy('position')}>
            Match by position
          </button>
        )}
        <span className="muted small">{matchBy === 'key' ? 'Events matched by token, customer_id and created_at' : 'Events matched by position'}</span>
        <span className="spacer" />
        <label className="small">
          <input type="checkbox" checked={matchBy === 'position'} onChange={(event) => setMatchBy(event.target.checked ? 'position' : 'key')} /> Match by
          position
        </label>
        <button type="button" className="small" onClick={() => setAsText(!asText)}>
          {asText ? 'Show event differences' : 'Show text diff'}
        </button>
      </div>
      {asText ? (
        <EditorSlot>
          <CompareEditor label={label} sides={sides} original={left} modified={right} />
        </EditorSlot>
      ) : state.status === 'failed' ? (
        <ErrorNotice title="The events could not be compared" error={state.error} />
      ) : state.status === 'done' ? (
        <EventDiffList count={entryCount(state.counts)} entry={state.entry} want={state.want} />
      ) : null}
    </div>
  );
}
