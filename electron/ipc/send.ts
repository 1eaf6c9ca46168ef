import type { SubmissionDetail, SubmissionView } from '../../shared/submission.ts';
import type { Services } from '../services/index.ts';
import type { Handlers } from './dispatch.ts';
import { maskedByEnvironment } from './masked.ts';

// The batch text stays in main (the window already has it, and it can be 100 MB): the
// contract's summary schemas do not name it, so the dispatch wrapper strips it from every answer.

export function registerSendHandlers({ sending, submissions, submissionCurl, interruptedAtStart, vault }: Services): Pick<
  Handlers,
  'send:start' | 'send:cancel' | 'send:resume' | 'submissions:get' | 'submissions:copyCurl' | 'submissions:interrupted'
> {
  const masked = maskedByEnvironment(vault);
  // The batch is left out before masking: the page never gets it, and walking 100 MB for nothing is slow.
  const view = ({ batch: _batch, ...rest }: SubmissionDetail): SubmissionView => masked(rest);
  return {
    'send:start': ({ environmentId, batchText, again }) => sending.start(environmentId, batchText, again),
    'send:cancel': ({ submissionId }) => (sending.cancel(submissionId), null),
    'send:resume': ({ submissionId, unanswered }) => sending.resume(submissionId, undefined, unanswered),
    'submissions:copyCurl': async ({ id, firstEvent, withSecrets }) => (await submissionCurl.copy(id, firstEvent, withSecrets), null),
    'submissions:interrupted': () =>
      interruptedAtStart
        .map((id) => submissions.get(id))
        .filter((detail): detail is SubmissionDetail => detail !== null && detail.status === 'interrupted')
        .map(view),
    'submissions:get': ({ id }) => {
      const detail = submissions.get(id);
      return detail && view(detail);
    },
  };
}
