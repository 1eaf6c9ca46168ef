import { chunkBody } from '../../shared/chunking.ts';
import { AppError } from '../../shared/errors.ts';
import { exportCurl } from '../../shared/formats/curl.ts';
import { endpoint } from './auth.ts';
import { buildAuthHeaders } from './auth-headers.ts';
import type { Environments } from './environments.ts';
import type { SubmissionStore } from './submissions.ts';
import type { Vault } from './vault.ts';

/** Where a cURL copy goes when it holds real secrets: the OS clipboard, written by main. */
export interface Clipboard {
  writeText(text: string): void;
}

/**
 * One chunk of a submission as a cURL command, put on the clipboard by main: masked by default,
 * with its real secrets when the user asks, and either way never through the page.
 */
export function createSubmissionCurl(options: { submissions: SubmissionStore; environments: Environments; vault: Vault; clipboard: Clipboard }) {
  function command(submissionId: string, chunkIndex: number, reveal: boolean): string {
    const submission = options.submissions.get(submissionId);
    if (!submission) throw new AppError('submission-not-found', 'That submission no longer exists.');
    const chunk = submission.chunks[chunkIndex];
    if (!chunk) throw new AppError('chunk-not-found', `That submission has no chunk ${chunkIndex + 1}.`);
    const eventTexts = (JSON.parse(submission.batch) as unknown[]).map((event) => JSON.stringify(event));
    const body = chunkBody(eventTexts, chunk.firstEvent, chunk.eventCount);
    const url = endpoint(submission.baseUrl, '/user/events');
    if (!reveal) return exportCurl({ method: 'POST', url, headers: submission.headers, body });
    const environment = options.environments.get(submission.environmentId);
    const headers = buildAuthHeaders(environment, options.vault.get(submission.environmentId));
    return exportCurl({ method: 'POST', url, headers, body }, { revealSecrets: true });
  }

  return {
    /** Copies one chunk as a cURL command to the clipboard, masked unless `withSecrets`. */
    copy(submissionId: string, chunkIndex: number, withSecrets: boolean): void {
      options.clipboard.writeText(command(submissionId, chunkIndex, withSecrets));
    },
  };
}
