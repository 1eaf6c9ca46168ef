import './forward.css';
import { plural } from '../../base/common/plural.ts';
import type { ForwardFailure } from '../../features/sandbox/common/sandbox.ts';

/**
 * What forwarding did with one request, in its detail: where it went, what the upstream answered
 * or why it gave no answer, and how long that took. It takes the traffic's `forwarded`
 * (SandboxForwarded) and the capture's `upstream` (CapturedUpstream) alike.
 */
export interface ForwardedView {
  url: string;
  /** The upstream's status; null when it gave none. */
  status: number | null;
  durationMs: number;
  /** The traffic's code for why no answer came. */
  failure?: ForwardFailure | null;
  /** The capture's words for why no answer came. */
  error?: string | null;
  /** How many events the request carried on. */
  events?: number | null;
}

const FAILURE_WORDS: Readonly<Record<ForwardFailure, string>> = {
  'upstream-unreachable': 'it could not be reached',
  'upstream-timeout': 'it did not answer in time',
  'upstream-reset': 'it closed the connection without a whole answer',
  'upstream-not-http': 'it answered with something that is not HTTP',
  'upstream-tls': 'its secure connection was refused or is not trusted here',
  'upstream-answer-too-large': 'its answer was larger than any answer of this service',
  'bodies-over-budget': 'the sandbox held as many bytes as it buffers at once',
};

function noAnswer(forwarded: ForwardedView): string {
  if (forwarded.failure) return `${FAILURE_WORDS[forwarded.failure]} (${forwarded.failure})`;
  return forwarded.error ?? 'none came';
}

export function ForwardedPart({ forwarded }: { forwarded: ForwardedView }) {
  return (
    <section className="forwarded-part" aria-label="Forwarded">
      <h3>Forwarded</h3>
      <dl>
        <dt>Upstream</dt>
        <dd>
          <code>{forwarded.url}</code>
        </dd>
        {forwarded.status === null ? (
          <>
            <dt>No answer</dt>
            <dd>{noAnswer(forwarded)}</dd>
          </>
        ) : (
          <>
            <dt>It answered</dt>
            <dd>{forwarded.status}</dd>
          </>
        )}
        <dt>Took</dt>
        <dd>{forwarded.durationMs.toLocaleString('en', { maximumFractionDigits: 1 })} ms</dd>
        {typeof forwarded.events === 'number' && (
          <>
            <dt>Carried</dt>
            <dd>{plural(forwarded.events, 'event')}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
