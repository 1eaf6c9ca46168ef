import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

// The batch text stays in main (the window already has it, and it can be 100 MB): the
// contract's summary schemas do not name it, so the dispatch wrapper strips it from every answer.

export function registerSendHandlers({ sending, historyView, submissionCurl }: Services) {
  return {
    ...forward(historyView, { 'submissions:get': ['submission', 'id'], 'submissions:interrupted': 'interrupted' }),
    ...forward(sending, { 'send:cancel': ['cancel', 'submissionId'] }),
    'send:start': ({ environmentId, batchText, again, label, pseudonymizedFrom }) =>
      sending.start(environmentId, batchText, again, undefined, label, pseudonymizedFrom),
    'send:resume': ({ submissionId, unanswered }) => sending.resume(submissionId, undefined, unanswered),
    'submissions:copyCurl': async ({ id, firstEvent, withSecrets }) => (await submissionCurl.copy(id, firstEvent, withSecrets), null),
  } satisfies Partial<Handlers>;
}
