import { formatDateTime } from '../../base/common/datetime.ts';
import { rulesFor, type ValidationRules } from '../../features/validation/common/validation.ts';

/**
 * The validation benches' batch: 100 000 valid events (about 28 MB of pretty JSON, as the
 * composer holds them), the rules they are valid under, and the same text with problems.
 */

export const EVENTS = 100_000;
const NOW = new Date('2026-06-01T12:00:00Z');

export const BENCH_RULES: ValidationRules = { ...rulesFor({ serviceIdField: 'svc_id', timeZone: 'Europe/Berlin' }), now: NOW };

export function benchEvent(index: number): Record<string, unknown> {
  return {
    token: `tok_${index.toString(36).padStart(6, '0')}_9f3kq2m8`,
    attributes: { plan: index % 3 ? 'pro' : 'free', spend: `${(index % 997) / 10}`, country: 'DE', campaign: `spring-${index % 40}` },
    created_at: formatDateTime(new Date(NOW.getTime() - index * 60_000), 'Europe/Berlin'),
    svc_id: 1000 + (index % 50),
    device_id: `${(0x10000000 + index).toString(16)}-1d2e-4f3a-8b4c-${(index * 7919).toString(16).padStart(12, '0').slice(-12)}`,
    customer_id: `customer-${index}`,
  };
}

export function validBatchText(): string {
  return JSON.stringify(
    Array.from({ length: EVENTS }, (_, index) => benchEvent(index)),
    null,
    2,
  );
}

/** One event in PROBLEM_EVERY has a problem, in turn: the kinds a tester's batch has, each with its diagnostic. */
export const PROBLEM_EVERY = 100;
const PROBLEMS: ((event: Record<string, unknown>) => void)[] = [
  (event) => (event.svc_id = String(event.svc_id)),
  (event) => (event.created_at = `${String(event.created_at).replace(' ', 'T')}Z`),
  (event) => ((event.attributes as Record<string, unknown>).spend = 12.5),
  (event) => (event.device_id = 'not-a-uuid'),
  (event) => delete event.customer_id,
];

export function batchTextWithProblems(): string {
  const events = Array.from({ length: EVENTS }, (_, index) => {
    const event = benchEvent(index);
    if (index % PROBLEM_EVERY === PROBLEM_EVERY - 1) PROBLEMS[((index / PROBLEM_EVERY) % PROBLEMS.length) | 0]!(event);
    return event;
  });
  return JSON.stringify(events, null, 2);
}

/** The valid text with one comma missing, between the two middle events. */
export function batchTextWithSyntaxError(): string {
  const text = validBatchText();
  const comma = text.indexOf('},', text.length >> 1);
  return text.slice(0, comma + 1) + text.slice(comma + 2);
}
