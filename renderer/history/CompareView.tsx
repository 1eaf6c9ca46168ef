import { useId, useState } from 'react';
import { eventNumbers, type SubmissionView } from '../../features/history/common/submission.ts';
import { BatchComparison } from '../compare/BatchComparison.tsx';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { startedText } from '../base/data/history-format.ts';
import { useBatchText, useSubmission } from '../base/data/history-queries.ts';
import { useHistory } from '../base/data/history-state.ts';
import { tabIdOf, ViewSwitch } from '../base/widgets/ViewSwitch.tsx';
import { CompareEditor } from '../base/editors.ts';
import { EditorSlot } from '../base/widgets/EditorSlot.tsx';

function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** What came back, as one JSON document per submission: each chunk's events, status and body. */
export function responsesText(submission: SubmissionView): string {
  return JSON.stringify(
    submission.chunks.map((chunk, position) => ({
      chunk: position + 1,
      events: eventNumbers(chunk.firstEvent, chunk.eventCount),
      status: chunk.status,
      statusCode: chunk.statusCode,
      ...(chunk.error ? { error: chunk.error } : {}),
      body: parsedBody(chunk.responseBody),
    })),
    null,
    2,
  );
}

const SIDES: [string, string] = ['the older one', 'the newer one'];

/** Which submission a side is: its label (or that it has none), id, time and environment. */
export function sideText(submission: Pick<SubmissionView, 'id' | 'label' | 'startedAt' | 'environmentName'>): string {
  return `${submission.label ? `“${submission.label}”` : 'no label'} · ${submission.id} · ${startedText(submission)} · ${submission.environmentName}`;
}

/** Two submissions side by side: the requests (the batches as sent) event by event, or the responses as text. */
export function CompareView({ pair }: { pair: [string, string] }) {
  const compare = useHistory((state) => state.compare);
  const [what, setWhat] = useState<'requests' | 'responses'>('requests');
  const panel = useId();
  const left = useSubmission(pair[0]);
  const right = useSubmission(pair[1]);
  const leftBatch = useBatchText(pair[0]);
  const rightBatch = useBatchText(pair[1]);
  const error = left.error ?? right.error ?? leftBatch.error ?? rightBatch.error;
  const gone = left.data === null || right.data === null;

  return (
    <section className="compare-view" aria-labelledby="compare-heading" data-testid="compare-view">
      <header className="inline wrap">
        <h2 id="compare-heading">Compare</h2>
        <dl className="compare-sides">
          <div>
            <dt>Left</dt>
            <dd data-testid="compare-left">{left.data ? sideText(left.data) : '…'}</dd>
          </div>
          <div>
            <dt>Right</dt>
            <dd data-testid="compare-right">{right.data ? sideText(right.data) : '…'}</dd>
          </div>
        </dl>
        <span className="spacer" />
        <ViewSwitch
          label="Compare what"
          options={[
            ['requests', 'Requests'],
            ['responses', 'Responses'],
          ]}
          value={what}
          onChange={setWhat}
          panel={panel}
        />
        <button type="button" className="small" onClick={() => compare(null)}>
          Close
        </button>
      </header>
      <div className="compare-panel" role="tabpanel" id={panel} aria-labelledby={tabIdOf(panel, what)}>
        {error ? (
          <ErrorNotice title="A submission could not be read" error={error} />
        ) : gone ? (
          <p className="empty">One of them is no longer in the history.</p>
        ) : !left.data || !right.data || leftBatch.data === undefined || rightBatch.data === undefined ? (
          <p className="empty">Loading both submissions…</p>
        ) : what === 'requests' ? (
          <BatchComparison label="Requests" sides={SIDES} left={leftBatch.data} right={rightBatch.data} />
        ) : (
          <EditorSlot>
            <CompareEditor label="Responses" sides={SIDES} original={responsesText(left.data)} modified={responsesText(right.data)} />
          </EditorSlot>
        )}
      </div>
    </section>
  );
}
