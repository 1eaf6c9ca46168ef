import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LABEL_MAX, NOTE_MAX } from '../../features/history/common/history.ts';
import { pseudonymizedFromText, type SubmissionView } from '../../features/history/common/submission.ts';
import { useEnvironments } from '../base/data/environment-queries.ts';
import { useApi } from '../base/queries.ts';
import { confirm } from '../base/widgets/questions.ts';
import { Outcome, Progress } from '../send/ResponsePanel.tsx';
import { useSendState } from '../base/data/send-state.ts';
import { useStartSend } from '../send/useSend.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { HeaderList } from '../base/widgets/HeaderList.tsx';
import { useComposer } from '../base/state/composer.ts';
import { useNotices, useUi } from '../base/state/ui.ts';
import { ExportControls } from './ExportControls.tsx';
import { durationText, eventsText, startedText } from '../base/data/history-format.ts';
import { historyKey, useBatchText, useSubmission } from '../base/data/history-queries.ts';
import { useHistory } from '../base/data/history-state.ts';
import { StatusBadge } from '../send/StatusBadge.tsx';
import { BatchViewer } from '../base/editors.ts';
import { EditorSlot } from '../base/widgets/EditorSlot.tsx';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A label and a note of the user's own (a ticket id, what it reproduces); both are searchable. */
function Annotation({ submission }: { submission: SubmissionView }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const [label, setLabel] = useState(submission.label);
  const [note, setNote] = useState(submission.note);
  const [seen, setSeen] = useState(submission);
  if (seen.id !== submission.id || seen.label !== submission.label || seen.note !== submission.note) {
    setSeen(submission);
    setLabel(submission.label);
    setNote(submission.note);
  }
  const changed = label !== submission.label || note !== submission.note;
  const save = () =>
    api.history.annotate({ id: submission.id, label, note }).then(
      () => void client.invalidateQueries({ queryKey: historyKey }),
      (error: unknown) => notify('error', message(error)),
    );
  return (
    <form
      className="annotation"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label>
        Label <input value={label} maxLength={LABEL_MAX} placeholder="e.g. ZD-1234 repro" onChange={(event) => setLabel(event.target.value)} />
      </label>
      <label>
        Note <textarea value={note} maxLength={NOTE_MAX} rows={2} placeholder="What this send was for" onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="submit" className="small" disabled={!changed}>
        Save label and note
      </button>
    </form>
  );
}

/** What can be done with one submission: open it in the composer, send it again, delete it. */
function Actions({ submission }: { submission: SubmissionView }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const show = useUi((state) => state.show);
  const openDraft = useComposer((state) => state.open);
  const openInHistory = useHistory((state) => state.open);
  const environments = useEnvironments().data?.environments ?? [];
  const startSend = useStartSend();
  const [busy, setBusy] = useState(false);
  const name = submission.label || `Sent ${startedText(submission)}`;

  const toDraft = () =>
    api.history.batch({ id: submission.id }).then(
      (text) => {
        openDraft({ name, text });
        show('composer');
        notify('success', `Opened “${name}” as a new batch.`);
      },
      (error: unknown) => notify('error', message(error)),
    );

  const resend = async () => {
    const environment = environments.find((candidate) => candidate.id === submission.environmentId);
    if (!environment) {
      notify('error', `The environment “${submission.environmentName}” no longer exists. Open the batch as a draft and send it to another one.`);
      return;
    }
    setBusy(true);
    try {
      const started = await startSend(
        environment,
        (again) => api.history.resend({ id: submission.id, again }),
        () => void resend(),
      );
      if (started) openInHistory(started.id);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const question = `Delete the submission of ${startedText(submission)} from the history? This cannot be undone.`;
    if (!(await confirm({ title: 'Delete the submission?', message: question, action: 'Delete', destructive: true }))) return;
    api.history.delete({ ids: [submission.id] }).then(
      ({ deleted }) => {
        openInHistory(null);
        void client.invalidateQueries({ queryKey: historyKey });
        notify(deleted ? 'success' : 'warning', deleted ? 'Deleted.' : 'Nothing was deleted: a send under way is kept until it ends.');
      },
      (error: unknown) => notify('error', message(error)),
    );
  };

  return (
    <div className="inline wrap detail-actions">
      <button type="button" onClick={() => void toDraft()}>
        Open as draft
      </button>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy || submission.status === 'sending'}
        title={`Send the same batch to ${submission.environmentName} again`}
      >
        {busy ? 'Sending…' : 'Resend'}
      </button>
      <ExportControls ids={[submission.id]} />
      <button type="button" className="danger" onClick={() => void remove()} disabled={submission.status === 'sending'}>
        Delete
      </button>
    </div>
  );
}

function Request({ submission }: { submission: SubmissionView }) {
  const batch = useBatchText(submission.id);
  return (
    <section aria-labelledby="detail-request">
      <h3 id="detail-request">Request</h3>
      <p>
        <code>POST {submission.baseUrl}/user/events</code> · {eventsText(submission.eventCount)} in {submission.chunks.length}{' '}
        {submission.chunks.length === 1 ? 'chunk' : 'chunks'}
      </p>
      <HeaderList headers={submission.headers} label="Request headers" />
      {batch.error ? (
        <ErrorNotice title="The batch could not be read" error={batch.error} />
      ) : batch.data === undefined ? (
        <p className="empty">Loading the batch…</p>
      ) : (
        <EditorSlot>
          <BatchViewer text={batch.data} />
        </EditorSlot>
      )}
    </section>
  );
}

/** One submission: when, where, how it went, its request and every chunk's answer, and what to do with it. */
export function SubmissionDetail({ id }: { id: string }) {
  const api = useApi();
  const submission = useSubmission(id);
  const progress = useSendState((state) => state.progress[id]);
  if (submission.error) return <ErrorNotice title="The submission could not be read" error={submission.error} />;
  if (!submission.data) return <p className="empty">{submission.isPending ? 'Loading…' : 'This submission is no longer in the history.'}</p>;
  const data = submission.data;
  const duration = durationText(data);
  const origins = pseudonymizedFromText(data.pseudonymizedFrom);
  return (
    <article className="submission-detail" aria-labelledby="detail-heading" data-testid="submission-detail">
      <header>
        <h2 id="detail-heading">
          <span className="color-dot" style={{ background: data.environmentColor }} aria-hidden /> {data.label || startedText(data)}
        </h2>
        <p className="muted">
          {startedText(data)} · {data.environmentName} · {eventsText(data.eventCount)}
          {duration && ` · ${duration}`} · <StatusBadge submission={data} />
        </p>
        {data.stepVerdict?.reason && <p className="step-verdict-reason">Why the step failed: {data.stepVerdict.reason}</p>}
        {origins && (
          <p className="muted" title="Kept in this history only: never sent, never exported">
            {origins}
          </p>
        )}
        <p className="muted small">
          Submission <code>{data.id}</code>
        </p>
      </header>
      <Actions submission={data} />
      <Annotation submission={data} />
      {progress?.status === 'sending' ? (
        <Progress progress={progress} onCancel={() => void api.send.cancel({ submissionId: id })} />
      ) : (
        <Outcome key={data.id} submission={data} />
      )}
      <Request submission={data} />
    </article>
  );
}
