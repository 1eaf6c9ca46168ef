import type { SubmissionDetail } from '../../shared/submission.ts';
import type { Services } from '../services/index.ts';
import type { Handlers } from './dispatch.ts';

/** The batch text stays in main: the window already has it, and it can be 100 MB. */
function withoutBatch<T extends { batch: string }>(submission: T): Omit<T, 'batch'> {
  const { batch: _batch, ...rest } = submission;
  return rest;
}

export function registerSendHandlers({ sending, submissions, submissionCurl, interruptedAtStart }: Services): Pick<
  Handlers,
  'send:start' | 'send:cancel' | 'send:resume' | 'submissions:get' | 'submissions:copyCurl' | 'submissions:interrupted'
> {
  return {
    'send:start': ({ environmentId, batchText, again }) => {
      const result = sending.start(environmentId, batchText, again);
      return 'started' in result ? { started: withoutBatch(result.started) } : { duplicateOf: withoutBatch(result.duplicateOf) };
    },
    'send:cancel': ({ submissionId }) => (sending.cancel(submissionId), null),
    'send:resume': ({ submissionId }) => withoutBatch(sending.resume(submissionId)),
    'submissions:copyCurl': ({ id, chunk, withSecrets }) => (submissionCurl.copy(id, chunk, withSecrets), null),
    'submissions:interrupted': () =>
      interruptedAtStart
        .map((id) => submissions.get(id))
        .filter((detail): detail is SubmissionDetail => detail !== null && detail.status === 'interrupted')
        .map(withoutBatch),
    'submissions:get': ({ id }) => {
      const detail: SubmissionDetail | null = submissions.get(id);
      return detail && withoutBatch(detail);
    },
  };
}
