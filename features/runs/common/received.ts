import { countsOf, diffEvents, diffSummary, pathText, type KeyFields } from '../../transforms/common/event-diff.ts';
import type { SandboxRequestRecord } from '../../sandbox/common/sandbox.ts';
import type { Reading } from './step-data.ts';

/**
 * `received: same`: what a sandbox (or a forwarding sandbox) took during a step, read from its
 * /_sandbox/requests, compared event by event with the events the step sent. The server took
 * a request's events when it answered 2xx: a forwarding sandbox passes its upstream's answer
 * on, so a request the upstream refused counts as not taken.
 */

function isEventsPost(record: SandboxRequestRecord): boolean {
  return record.method === 'POST' && record.path.split('?')[0]!.endsWith('/user/events');
}

/** The events the server took, oldest request first; a problem when a body kept is cut short or unreadable. */
export function receivedEvents(records: readonly SandboxRequestRecord[]): Reading<unknown[]> {
  const taken = records.filter((record) => isEventsPost(record) && record.response !== null && record.response.status >= 200 && record.response.status < 300);
  const events: unknown[] = [];
  for (const record of [...taken].sort((left, right) => left.id - right.id)) {
    if (record.body.truncated) {
      return {
        ok: false,
        problem: `the sandbox kept only the first ${record.body.text.length} of the ${record.body.bytes} bytes of request #${record.id}, so its events cannot be compared; start it with a larger traffic body limit, or send smaller chunks.`,
      };
    }
    try {
      const value: unknown = JSON.parse(record.body.text);
      if (Array.isArray(value)) events.push(...value);
    } catch {
      return { ok: false, problem: `request #${record.id}'s body, as the sandbox kept it, is not JSON, so its events cannot be compared.` };
    }
  }
  return { ok: true, value: events };
}

function keyText(key: KeyFields): string {
  const parts = Object.entries(key).flatMap(([name, value]) => (value === undefined ? [] : [`${name} ${JSON.stringify(value)}`]));
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** How many first differences a reason names. */
const NAMED = 3;

/** Null when the server took exactly the events sent; else why not, naming the first differences. */
export function receivedDifference(sent: readonly unknown[], received: readonly unknown[]): string | null {
  const diff = diffEvents(sent, received);
  const counts = countsOf(diff);
  const summary = diffSummary(counts);
  if (summary === 'Identical') return null;
  const named = [
    ...diff.differing.map((event) => {
      const field = event.fields[0];
      const value = (side: unknown) => (side === undefined ? 'absent' : JSON.stringify(side));
      return `event ${event.left} sent ${field ? `has ${pathText(field.path)} ${value(field.left)}, received ${value(field.right)}` : 'differs from what was received'}`;
    }),
    ...diff.onlyLeft.map((event) => `event ${event.number} sent${keyText(event.key)} was not received`),
    ...diff.onlyRight.map((event) => `event ${event.number} received${keyText(event.key)} was not sent (or was received twice)`),
  ].slice(0, NAMED);
  return `the server took ${received.length} ${received.length === 1 ? 'event' : 'events'} for ${sent.length} sent: ${summary} (left: sent, right: received). ${named.join('; ')}.`;
}
