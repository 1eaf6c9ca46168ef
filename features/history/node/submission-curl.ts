import type { Environment } from '../../environments/common/environment.ts';
import { chunkBody } from '../common/chunking.ts';
import { AppError } from '../../../base/common/errors.ts';
import { exportCurl } from '../../formats/common/curl.ts';
import type { ExportOptions, HttpRequest } from '../../formats/common/http-request.ts';
import type { Submission } from '../common/submission.ts';
import { endpoint } from '../../environments/node/auth.ts';
import { buildAuthHeaders } from '../../environments/node/auth-headers.ts';
import type { Environments } from '../../environments/node/environments.ts';
import type { ChunkRange, SubmissionStore } from './submissions.ts';
import type { Vault } from '../../environments/node/vault.ts';
import type { Clipboard } from '../../../base/node/ports.ts';

/** Where the secrets of a submission's environment come from, for masking them or for putting them in. */
export interface SecretSources {
  environments: Environments;
  vault: Vault;
}

/** The requests that carried a recorded submission, and how an export treats their secrets. */
export interface SentRequests {
  url: string;
  /** The recorded, masked headers; or, with secrets, the environment's real ones as of now. */
  headers: Record<string, string>;
  /** What to hand exportCurl / exportHar: reveal everything, or mask these known secrets wherever they appear. */
  exportOptions: ExportOptions & { secrets: readonly string[] };
  /** The request one chunk went out as: POST <baseUrl>/user/events with exactly its events. */
  chunk(range: ChunkRange): HttpRequest;
}

function environmentOf(submission: Submission, environments: Environments): Environment {
  try {
    return environments.get(submission.environmentId);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'environment-not-found')) throw error;
    throw new AppError(
      'environment-not-found',
      `Submission ${submission.id.slice(0, 8)} was sent to "${submission.environmentName}", which no longer exists, so there is no API key or token to put in. Export it with secrets masked instead.`,
    );
  }
}

/**
 * How a recorded submission goes out again, as a cURL copy or in an export. Masked (the
 * default), the headers are the recorded, redacted ones, and the environment's API key,
 * password and tokens are masked wherever else they show up (a body that echoes one). With
 * secrets, the environment's real API key and *current* access token, built the way a send
 * builds them now: the token recorded at send time is not kept, and may have expired since.
 * Those are refused when the submission went to another origin than the one they were entered for.
 */
export function sentRequests(submission: Submission, sources: SecretSources, withSecrets: boolean): SentRequests {
  const url = endpoint(submission.baseUrl, '/user/events');
  let headers = submission.headers;
  let exportOptions: SentRequests['exportOptions'];
  if (withSecrets) {
    headers = buildAuthHeaders(environmentOf(submission, sources.environments), sources.vault.secretsFor(submission.environmentId, url));
    exportOptions = { revealSecrets: true, secrets: [] };
  } else {
    // A removed environment's secrets went with it (the vault drops them): nothing to mask then.
    const { apiKey, password, accessToken, refreshToken } = sources.vault.get(submission.environmentId);
    exportOptions = { secrets: [apiKey, password, accessToken, refreshToken].filter((secret) => secret !== undefined) };
  }
  let eventTexts: string[] | null = null;
  return {
    url,
    headers,
    exportOptions,
    chunk(range) {
      // The sender wrote each event as JSON.stringify of the parsed batch: this gives the same bytes.
      eventTexts ??= (JSON.parse(submission.batch) as unknown[]).map((event) => JSON.stringify(event));
      return { method: 'POST', url, headers, body: chunkBody(eventTexts, range.firstEvent, range.eventCount) };
    },
  };
}

/**
 * One chunk of a submission as a cURL command, put on the clipboard by main: masked by default,
 * with its real secrets when the user asks, and either way never through the page.
 */
export function createSubmissionCurl(options: SecretSources & { submissions: SubmissionStore; clipboard: Clipboard }) {
  function command(submissionId: string, firstEvent: number, reveal: boolean): string {
    const submission = options.submissions.get(submissionId);
    if (!submission) throw new AppError('submission-not-found', 'That submission no longer exists.');
    const chunk = submission.chunks.find((candidate) => candidate.firstEvent === firstEvent);
    if (!chunk) throw new AppError('chunk-not-found', `No chunk of that submission begins at event ${firstEvent + 1}.`);
    const requests = sentRequests(submission, options, reveal);
    return exportCurl(requests.chunk(chunk), requests.exportOptions);
  }

  return {
    /** Copies the chunk that begins at `firstEvent` as a cURL command to the clipboard, masked unless `withSecrets`. */
    async copy(submissionId: string, firstEvent: number, withSecrets: boolean): Promise<void> {
      await options.clipboard.writeText(command(submissionId, firstEvent, withSecrets));
    },
  };
}
