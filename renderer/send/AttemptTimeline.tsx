import type { ChunkAttempt, ChunkRecord } from '../../features/history/common/submission.ts';
import { HeaderList } from '../base/widgets/HeaderList.tsx';
import { pretty } from './pretty.ts';
import { formatTime } from '../base/time-format.ts';

function answerOf(attempt: ChunkAttempt): { text: string; tone: string } {
  if (attempt.statusCode === null) return { text: 'no answer', tone: 'status server' };
  return { text: `HTTP ${attempt.statusCode}`, tone: attempt.statusCode < 300 ? 'status ok' : 'status server' };
}

/**
 * Every request of one chunk, oldest first: when it went out, what came back, the Retry-After
 * it asked for and how long it took; each answer's headers and body open below it. This is
 * the evidence support staff attach to a ticket (the 500 and the 429 before the 200).
 * `position`, where the chunk stands among its submission's chunks from 0, only names the list.
 */
export function AttemptTimeline({ chunk, position }: { chunk: ChunkRecord; position: number }) {
  if (chunk.attemptLog.length === 0) return null;
  return (
    <ol className="attempt-timeline" aria-label={`Attempts of chunk ${position + 1}`}>
      {chunk.attemptLog.map((attempt, at) => {
        const answer = answerOf(attempt);
        return (
          <li key={at} data-testid="attempt">
            <details>
              <summary>
                <span className="attempt-number">#{attempt.number}</span>
                <span className="attempt-time">{attempt.startedAt === null ? 'time not recorded' : formatTime(attempt.startedAt, 'millisecond')}</span>
                <strong className={answer.tone}>{answer.text}</strong>
                {attempt.retryAfter !== null && <span>Retry-After {attempt.retryAfter}</span>}
                <span className="muted">{Math.round(attempt.durationMs)} ms</span>
                {attempt.eventCount !== chunk.eventCount && <span className="muted">({attempt.eventCount} events, before a split)</span>}
              </summary>
              {attempt.error && <p className="problem">{attempt.error}</p>}
              {Object.keys(attempt.responseHeaders).length > 0 && (
                <HeaderList headers={attempt.responseHeaders} label={`Headers of attempt ${attempt.number}`} />
              )}
              <pre className="response-body" aria-label={`Body of attempt ${attempt.number}`}>
                {attempt.responseBody ? pretty(attempt.responseBody) : '(no body)'}
                {attempt.responseTruncated && '\n… (the start of a longer body)'}
              </pre>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
