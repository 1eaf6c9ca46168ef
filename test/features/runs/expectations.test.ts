import { describe, expect, it } from 'vitest';
import {
  expectationsOf,
  outcomeFailures,
  sentOutcomeOf,
  stepVerdictOf,
  validationFailure,
  type SentOutcome,
} from '../../../features/runs/common/expectations.ts';
import { receivedDifference, receivedEvents } from '../../../features/runs/common/received.ts';
import type { SandboxRequestRecord } from '../../../features/sandbox/common/sandbox.ts';
import { STEP_VERDICT_REASON_MAX, StepVerdictSchema, stepVerdictText } from '../../../features/history/common/step-verdict.ts';
import type { ChunkRecord, SubmissionDetail } from '../../../features/history/common/submission.ts';

const counts = (errors: number, planViolations = 0) => ({ errors, warnings: 0, planViolations, first: errors > 0 ? ['event 1 (/0/svc_id): bad'] : [] });

const sent = (fields: Partial<SentOutcome> = {}): SentOutcome => ({
  submissionId: 's-1',
  allAccepted: true,
  endStatus: 202,
  statuses: [202],
  eventsSent: 2,
  eventsAccepted: 2,
  problem: null,
  ...fields,
});

describe('expectations', () => {
  it('unset: every chunk accepted and no validation errors; a status is a negative test, sent even with errors', () => {
    expect(expectationsOf()).toEqual({ accepted: true, status: null, eventsAccepted: null, validation: 'no-errors', received: false, force: false });
    expect(expectationsOf({ status: 422 })).toEqual({ accepted: false, status: 422, eventsAccepted: null, validation: 'any', received: false, force: true });
  });

  it('refuses to send a batch with errors unless the step means to; a plan violation when told to', () => {
    expect(validationFailure(expectationsOf(), counts(2))).toBe('validation: the batch has 2 errors, so nothing was sent. First: event 1 (/0/svc_id): bad.');
    expect(validationFailure(expectationsOf({ status: 422 }), counts(2))).toBeNull();
    expect(validationFailure(expectationsOf({ validation: 'any' }), counts(1))).toMatch(/nothing was sent \(expect a status to send a bad batch on purpose\)/);
    expect(validationFailure(expectationsOf({ validation: 'no-plan-violations' }), counts(0, 3))).toBe(
      'validation: the batch breaks the tracking plan (3 violations).',
    );
    expect(validationFailure(expectationsOf(), counts(0, 3))).toBeNull();
  });

  it('says why an outcome is not the one expected', () => {
    expect(outcomeFailures(expectationsOf(), sent())).toEqual([]);
    expect(
      outcomeFailures(
        expectationsOf(),
        sent({ allAccepted: false, endStatus: 422, statuses: [422], eventsAccepted: 0, problem: 'the server refused the events (HTTP 422)' }),
      ),
    ).toEqual(['outcome: expected every chunk accepted, but the server refused the events (HTTP 422) (answers: 422)']);
    expect(outcomeFailures(expectationsOf({ status: 422 }), sent())).toEqual(['status: expected 422, the send ended with 202 (answers: 202)']);
    expect(outcomeFailures(expectationsOf({ accepted: 3 }), sent())).toEqual(['accepted: expected 3 events accepted, the server accepted 2 of 2']);
  });

  it('reads how a send ended from its History record', () => {
    const chunk = (firstEvent: number, status: ChunkRecord['status'], statusCode: number | null, error: string | null = null) =>
      ({ firstEvent, eventCount: 2, status, statusCode, error }) as ChunkRecord;
    const detail = { id: 's-9', status: 'partial', eventCount: 4, chunks: [chunk(0, 'ok', 202), chunk(2, 'failed', 422, 'refused')] } as SubmissionDetail;
    expect(sentOutcomeOf(detail)).toEqual({
      submissionId: 's-9',
      allAccepted: false,
      endStatus: 422,
      statuses: [202, 422],
      eventsSent: 4,
      eventsAccepted: 2,
      problem: 'refused',
    });
  });
});

describe('received', () => {
  const record = (id: number, status: number | null, events: unknown[], fields: Partial<SandboxRequestRecord> = {}): SandboxRequestRecord => {
    const text = JSON.stringify(events);
    return {
      id,
      time: '2026-11-24T09:30:00.000Z',
      durationMs: 1,
      method: 'POST',
      path: '/user/events',
      headers: {},
      body: { text, bytes: text.length, truncated: false },
      response: status === null ? null : { status, headers: {}, body: { text: '', bytes: 0, truncated: false } },
      fault: null,
      plan: null,
      ...fields,
    };
  };
  const a = { token: 'a', customer_id: 'c-1', created_at: '2026-11-24 09:00:00', attributes: { plan: 'pro' } };
  const b = { token: 'b', customer_id: 'c-2', created_at: '2026-11-24 09:00:00' };

  it('takes the events of the requests answered 2xx, oldest first', () => {
    const records = [
      record(4, 202, [b]),
      record(3, 500, [a]),
      record(2, null, [a]),
      record(1, 202, [a]),
      record(5, 200, [], { method: 'GET', path: '/_sandbox/faults' }),
    ];
    expect(receivedEvents(records)).toEqual({ ok: true, value: [a, b] });
  });

  it('cannot compare a body the sandbox cut short, and says what to do', () => {
    const cut = record(7, 202, [a]);
    cut.body = { ...cut.body, truncated: true, bytes: 99_999 };
    expect(receivedEvents([cut])).toMatchObject({
      ok: false,
      problem: expect.stringContaining('request #7, so its events cannot be compared; start it with a larger traffic body limit'),
    });
  });

  it('names the first differences, sent on the left', () => {
    expect(receivedDifference([a, b], [b, a])).toBeNull();
    expect(receivedDifference([a, b], [a, b, b])).toBe(
      'the server took 3 events for 2 sent: 1 event only right (left: sent, right: received). event 3 received (token "b", customer_id "c-2", created_at "2026-11-24 09:00:00") was not sent (or was received twice).',
    );
    expect(receivedDifference([a, b], [{ ...a, attributes: { plan: 'free' } }])).toBe(
      'the server took 1 event for 2 sent: 1 event only left, 1 differs (left: sent, right: received). event 1 sent has attributes.plan "pro", received "free"; event 2 sent (token "b", customer_id "c-2", created_at "2026-11-24 09:00:00") was not received.',
    );
  });
});

describe("a step's verdict on its send", () => {
  it('says what the step expected and what came, in the words History shows', () => {
    const refused = stepVerdictOf(expectationsOf({ status: 422 }), sent({ allAccepted: false, endStatus: 422 }), []);
    expect(refused).toEqual({ passed: true, expectedStatus: 422, endStatus: 422, reason: null });
    expect(stepVerdictText(refused)).toBe('expected refusal · passed');
    expect(stepVerdictText(stepVerdictOf(expectationsOf({ status: 422 }), sent({ endStatus: 201 }), ['status: expected 422']))).toBe(
      'step failed: expected 422, got 201',
    );
    expect(stepVerdictText(stepVerdictOf(expectationsOf({ status: 422 }), sent({ endStatus: null }), ['status: expected 422']))).toBe(
      'step failed: expected 422, got no answer',
    );
    expect(stepVerdictText(stepVerdictOf(expectationsOf({ status: 200 }), sent({ endStatus: 200 }), []))).toBe('step passed');
    expect(stepVerdictText(stepVerdictOf(expectationsOf({ accepted: 5 }), sent(), ['accepted: expected 5 events accepted']))).toBe('step failed');
  });

  it('keeps the start of a long reason, within what History takes', () => {
    const verdict = stepVerdictOf(expectationsOf({ received: 'same' }), sent(), ['received: '.padEnd(5000, 'x'), 'and more']);
    expect(verdict.reason).toHaveLength(STEP_VERDICT_REASON_MAX);
    expect(verdict.reason!.endsWith('…')).toBe(true);
    expect(StepVerdictSchema.safeParse(verdict).success).toBe(true);
  });
});
