import './send.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalExpected } from '../../features/history/common/step-verdict.ts';
import {
  eventNumbers,
  eventRangeText,
  WAITING_FOR_LOGIN,
  type ChunkRecord,
  type SendProgress,
  type SubmissionView,
} from '../../features/history/common/submission.ts';
import { useCommand, withShortcut } from '../base/state/command-registry.ts';
import { useApi } from '../base/queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { durationText, startedText } from '../base/data/history-format.ts';
import { interruptedSendsKey } from '../base/data/history-queries.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { HeaderList } from '../base/widgets/HeaderList.tsx';
import { useActiveBatch, useComposer } from '../base/state/composer.ts';
import { useNotices } from '../base/state/ui.ts';
import { AttemptTimeline } from './AttemptTimeline.tsx';
import { pretty } from './pretty.ts';
import { ResumeActions } from './ResumeActions.tsx';
import { useSendState, type Preparing as PreparingSend } from '../base/data/send-state.ts';

export function Progress({ progress, onCancel }: { progress: SendProgress; onCancel: () => void }) {
  const share = progress.eventsTotal ? progress.eventsDone / progress.eventsTotal : 0;
  // The chunk under way, counted from 1: "chunk 0 of 1" read as nothing going out.
  const current = Math.min(progress.chunksDone + 1, progress.chunksTotal);
  return (
    <div className="send-progress" data-testid="send-progress">
      <progress value={progress.eventsDone} max={progress.eventsTotal} aria-label="Events sent" />
      <p>
        Sending to <strong>{progress.environmentName}</strong>: {progress.eventsDone.toLocaleString('en')} of {progress.eventsTotal.toLocaleString('en')} events
        ({Math.round(share * 100)}%) ·{' '}
        {progress.waitingForLogin ? (
          <strong data-testid="send-waiting">
            chunk {current} of {progress.chunksTotal} {WAITING_FOR_LOGIN}
          </strong>
        ) : (
          `sending chunk ${current} of ${progress.chunksTotal}`
        )}
      </p>
      <p className="muted">
        {Math.round(progress.eventsPerSecond).toLocaleString('en')} events/s
        {progress.etaSeconds !== null && !progress.waitingForLogin && ` · about ${Math.ceil(progress.etaSeconds)} s left`}
      </p>
      {/* While it waits for the login, the line above says so already. */}
      {progress.activity && !progress.waitingForLogin && (
        <p className="inline-warning" data-testid="send-activity">
          {progress.activity}
        </p>
      )}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function CopyCurl({ submissionId, firstEvent }: { submissionId: string; firstEvent: number }) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const copy = (withSecrets: boolean) =>
    api.submissions.copyCurl({ id: submissionId, firstEvent, withSecrets }).then(
      () => notify('success', withSecrets ? 'Copied as cURL, with the API key and token: keep it to yourself.' : 'Copied as cURL, secrets masked.'),
      (error: unknown) => notify('error', error instanceof Error ? error.message : String(error)),
    );
  return (
    <div className="inline">
      <button type="button" className="small" onClick={() => void copy(false)}>
        Copy as cURL
      </button>
      <button type="button" className="small" onClick={() => void copy(true)} title="Includes the real API key and access token">
        Copy with secrets
      </button>
    </div>
  );
}

/** One chunk's answer; `position` is where it stands among the submission's chunks, from 0. */
function ChunkAnswer({ chunk, position, submissionId }: { chunk: ChunkRecord; position: number; submissionId: string }) {
  return (
    <div className="chunk-answer">
      <CopyCurl submissionId={submissionId} firstEvent={chunk.firstEvent} />
      <p>
        <strong className={chunk.status === 'ok' ? 'status ok' : 'status server'}>{chunk.statusCode ?? chunk.status}</strong> ·{' '}
        {eventRangeText(chunk.firstEvent, chunk.eventCount)} · {chunk.attempts} {chunk.attempts === 1 ? 'attempt' : 'attempts'} · {Math.round(chunk.durationMs)}{' '}
        ms
      </p>
      {chunk.error && <p className="problem">{chunk.error}</p>}
      <AttemptTimeline chunk={chunk} position={position} />
      {Object.keys(chunk.responseHeaders).length > 0 && (
        <details>
          <summary>Response headers</summary>
          <HeaderList headers={chunk.responseHeaders} />
        </details>
      )}
      <pre className="response-body" aria-label="Response body">
        {chunk.responseBody ? pretty(chunk.responseBody) : '(no body)'}
        {chunk.responseTruncated && '\n… (the start of a longer body)'}
      </pre>
    </div>
  );
}

/** What Resume does for this submission, in words: it sends every chunk not acknowledged. */
function resumeLabel(submission: SubmissionView): string {
  const failed = submission.chunks.some((chunk) => chunk.status === 'failed');
  const unsent = submission.chunks.some((chunk) => chunk.status !== 'failed' && chunk.status !== 'ok');
  if (failed) return unsent ? 'Retry the failed chunks and send the rest' : 'Retry the failed chunks';
  return 'Resume: send the rest';
}

export function Outcome({ submission }: { submission: SubmissionView }) {
  // By first event: the first chunk that was not accepted, where the reason a send stopped is; else the first.
  const [selected, setSelected] = useState(() => (submission.chunks.find((candidate) => candidate.status !== 'ok') ?? submission.chunks[0])?.firstEvent);
  const accepted = submission.chunks.filter((chunk) => chunk.status === 'ok').reduce((sum, chunk) => sum + chunk.eventCount, 0);
  const duration = durationText(submission);
  const position = Math.max(
    0,
    submission.chunks.findIndex((candidate) => candidate.firstEvent === selected),
  );
  const chunk = submission.chunks[position];
  const resumable =
    ['interrupted', 'failed', 'cancelled', 'partial'].includes(submission.status) && submission.chunks.some((candidate) => candidate.status !== 'ok');
  // A retry would send again the events the step sent to be refused.
  const expected = refusalExpected(submission.stepVerdict);
  return (
    <div className="send-outcome" data-testid="send-outcome">
      <p>
        <StatusBadge submission={submission} /> {accepted.toLocaleString('en')} of {submission.eventCount.toLocaleString('en')} events accepted
        {duration !== null && ` in ${duration}`} · {submission.environmentName}: POST {submission.baseUrl}/user/events
      </p>
      {resumable &&
        (expected ? (
          <p className="muted">The refusal was what the step expected.</p>
        ) : (
          <ResumeActions submission={submission} label={resumeLabel(submission)} />
        ))}
      {submission.chunks.length > 1 && (
        <table className="chunks" aria-label="Chunks">
          <thead>
            <tr>
              <th>#</th>
              <th>Events</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Time</th>
            </tr>
          </thead>
          <tbody>
            {submission.chunks.map((row, at) => (
              <tr key={row.firstEvent} aria-selected={row === chunk} onClick={() => setSelected(row.firstEvent)}>
                <td>{at + 1}</td>
                <td>{eventNumbers(row.firstEvent, row.eventCount)}</td>
                <td className={row.status === 'ok' ? 'status ok' : row.status === 'failed' ? 'status server' : ''}>{row.statusCode ?? row.status}</td>
                <td>{row.attempts}</td>
                <td>{Math.round(row.durationMs)} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {chunk && <ChunkAnswer chunk={chunk} position={position} submissionId={submission.id} />}
    </div>
  );
}

/**
 * Sends a crash or a kill cut short, found at start: how far each got, and Resume. A resumed
 * send belongs to the batch it sent, not to whichever tab is open: that batch opens in a tab of
 * its own, whose response pane follows the resume.
 */
function InterruptedSends() {
  const api = useApi();
  const openBatch = useComposer((state) => state.open);
  const notify = useNotices((state) => state.notify);
  const sent = useSendState((state) => state.sent);
  const interrupted = useQuery({ queryKey: interruptedSendsKey, queryFn: () => api.submissions.interrupted(), staleTime: Infinity });
  const [dismissed, setDismissed] = useState<string[]>([]);
  const shown = (interrupted.data ?? []).filter((submission) => !dismissed.includes(submission.id));
  if (shown.length === 0) return null;
  return (
    <div className="interrupted" role="status" aria-label="Interrupted sends">
      {shown.map((submission) => {
        const acknowledged = submission.chunks.filter((chunk) => chunk.status === 'ok');
        const events = acknowledged.reduce((sum, chunk) => sum + chunk.eventCount, 0);
        return (
          <div key={submission.id} className="inline-warning">
            <p>
              A send to {submission.environmentName} was interrupted: {acknowledged.length} of {submission.chunks.length} chunks ({events.toLocaleString('en')}{' '}
              of {submission.eventCount.toLocaleString('en')} events) were acknowledged.
            </p>
            <ResumeActions
              submission={submission}
              label="Resume: send the rest"
              className="small primary"
              onResume={() => {
                setDismissed((ids) => [...ids, submission.id]);
                api.history.batch({ id: submission.id }).then(
                  (text) => sent(openBatch({ name: `Resumed send of ${startedText(submission)}`, text }), submission.id),
                  (error: unknown) => notify('error', `The resumed batch could not be opened: ${error instanceof Error ? error.message : String(error)}`),
                );
              }}
            />{' '}
            <button type="button" className="small" onClick={() => setDismissed((ids) => [...ids, submission.id])}>
              Not now
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** Between the click and the first progress: the batch is read, resolved, hashed and recorded. */
function Preparing({ preparing }: { preparing: PreparingSend }) {
  return (
    <div className="send-progress" data-testid="send-progress">
      <progress aria-label="Preparing the send" />
      <p>
        Preparing the batch for <strong>{preparing.environmentName}</strong>: resolving its templates and checking it was not sent there before…
      </p>
    </div>
  );
}

export function ResponsePanel() {
  return (
    <>
      <InterruptedSends />
      <LastSend />
    </>
  );
}

/** The answer to the active batch's last send: live while it goes, then every chunk's response. */
function LastSend() {
  const api = useApi();
  const batch = useActiveBatch();
  const submissionId = useSendState((state) => (batch ? state.lastByBatch[batch.id] : undefined));
  const progress = useSendState((state) => (submissionId ? state.progress[submissionId] : undefined));
  const preparing = useSendState((state) => (batch ? state.preparing[batch.id] : undefined));
  useCommand('send.cancel', () => submissionId && api.send.cancel({ submissionId }), { enabled: progress?.status === 'sending', reason: 'Nothing is sending' });

  if (preparing) return <Preparing preparing={preparing} />;
  if (!submissionId) return <p className="empty">{withShortcut('Send a batch', 'send.send')} to see the server's answer here.</p>;
  return <SendAnswer submissionId={submissionId} />;
}

/** A submission's answer: its progress while it goes (with Cancel), then every chunk's response. */
export function SendAnswer({ submissionId }: { submissionId: string }) {
  const api = useApi();
  const progress = useSendState((state) => state.progress[submissionId]);
  // Keyed on the pushed status, so the record is read again whenever the send moves on.
  const submission = useQuery({
    queryKey: ['submission', submissionId, progress?.status ?? 'unknown'],
    queryFn: () => api.submissions.get({ id: submissionId }),
    enabled: progress?.status !== 'sending',
  });
  if (progress?.status === 'sending' || (!progress && !submission.data)) {
    return progress ? <Progress progress={progress} onCancel={() => void api.send.cancel({ submissionId })} /> : <p className="empty">Sending…</p>;
  }
  if (submission.error) return <ErrorNotice title="The submission could not be read" error={submission.error} />;
  // Why the send stopped when its record could not be written (a full disk), above what it kept.
  const stopped = progress?.problem && (
    <p className="problem send-problem" role="alert" data-testid="send-problem">
      {progress.problem}
    </p>
  );
  // A record the full disk kept from being dropped (nothing of it went out) has no answer to show: the reason alone.
  if (submission.data && !(stopped && submission.data.chunks.every((chunk) => !chunk.wentOut))) {
    return (
      <>
        {stopped}
        <Outcome key={submission.data.id} submission={submission.data} />
      </>
    );
  }
  return stopped || <p className="empty">Loading the answer…</p>;
}
