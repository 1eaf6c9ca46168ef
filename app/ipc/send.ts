import type { SubmissionView } from '../../features/history/common/submission.ts';
import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { maskedByEnvironment } from './masked.ts';

// The batch text stays in main (the window already has it, and it can be 100 MB): the
// contract's summary schemas do not name it, so the dispatch wrapper strips it from every answer.

export function registerSendHandlers({
  sending,
  submissions,
  submissionCurl,
  interruptedAtStart,
  vault,
}: Services): Pick<Handlers, 'send:start' | 'send:cancel' | 'send:resume' | 'submissions:get' | 'submissions:copyCurl' | 'submissions:interrupted'> {
  const masked = maskedByEnvironment(vault);
  return {
    'send:start': ({ environmentId, batchText, again, label, pseudonymizedFrom }) =>
      sending.start(environmentId, batchText, again, undefined, label, pseudonymizedFrom),
    'send:cancel': ({ submissionId }) => (sending.cancel(submissionId), null),
    'send:resume': ({ submissionId, unanswered }) => sending.resume(submissionId, undefined, unanswered),
    'submissions:copyCurl': async ({ id, firstEvent, withSecrets }) => (await submissionCurl.copy(id, firstEvent, withSecrets), null),
    // Read without the batch: the page never gets it, and reading 100 MB for nothing is slow.
    'submissions:interrupted': () =>
      interruptedAtStart
        .map((id) => submissions.view(id))
        .filter((view): view is SubmissionView => view !== null && view.status === 'interrupted')
        .map(masked),
    'submissions:get': ({ id }) => {
      const view = submissions.view(id);
      return view && masked(view);
    },
  };
}
