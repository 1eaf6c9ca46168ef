import fc from 'fast-check';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bucketName, HistoryFilterSchema, type TimelineBucket, type TimelineKind, type TimelineUnit } from '../../../features/history/common/history.ts';
import { refusalExpected } from '../../../features/history/common/step-verdict.ts';
import type { SubmissionStatus } from '../../../features/history/common/submission.ts';
import { migrations, openSubmissions, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import { historyFilePerTest } from '../../support/history-file.ts';
import { input, sendingHere } from '../../support/submissions-fixtures.ts';

const history = historyFilePerTest('eventdesk-timeline-counts-');

const ENVIRONMENTS = ['env-a', 'env-b', 'env-c'];
const START = Date.parse('2025-03-01T00:00:00.000Z');
const SPAN_MS = 3 * 24 * 3_600_000;

/** One recorded send: when, where, how it ended (left sending: live, claimed by this process, or cut short), and a step's verdict. */
const sendArbitrary = fc.record({
  // Over three days, or two hours: several sends to one hour's quarters and environments.
  at: fc.oneof(fc.integer({ min: 0, max: SPAN_MS }), fc.integer({ min: 0, max: 2 * 3_600_000 })),
  environment: fc.constantFrom(...ENVIRONMENTS),
  end: fc.constantFrom<SubmissionStatus | 'live'>('ok', 'failed', 'partial', 'cancelled', 'sending', 'live'),
  verdict: fc.option(fc.record({ passed: fc.boolean(), expectedStatus: fc.constantFrom(null, 201, 422, 500) }), { nil: undefined }),
  deleted: fc.boolean(),
  resumedAs: fc.option(fc.constantFrom<SubmissionStatus>('ok', 'failed'), { nil: undefined }),
});

const emptyShape = { environmentIds: [], statuses: [], from: null, to: null };

const filterArbitrary = fc.record({
  environmentIds: fc.subarray(ENVIRONMENTS),
  statuses: fc.subarray<SubmissionStatus>(['sending', 'ok', 'partial', 'failed', 'interrupted', 'cancelled']),
  from: fc.option(fc.integer({ min: -3_600_000, max: SPAN_MS }), { nil: null }),
  to: fc.option(fc.integer({ min: 0, max: SPAN_MS + 3_600_000 }), { nil: null }),
});

/** The timeline counted from the listed submissions, one row at a time: what the kept counts must add up to. */
function countedOneByOne(store: SubmissionStore, filter: ReturnType<typeof HistoryFilterSchema.parse>, unit: TimelineUnit): TimelineBucket[] {
  const rows = store.list({ limit: 100_000, filter }).reverse();
  const buckets: TimelineBucket[] = [];
  for (const row of rows) {
    const bucket = bucketName(new Date(row.startedAt), unit);
    if (buckets.at(-1)?.bucket !== bucket) buckets.push({ bucket, counts: {} });
    const kind: TimelineKind = refusalExpected(row.stepVerdict) ? 'expected' : row.status;
    const counts = buckets.at(-1)!.counts;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return buckets;
}

describe('the timeline read from its kept counts', () => {
  it('equals the submissions counted one by one, whatever was recorded, resumed, judged or deleted, for any filter and zone', () => {
    const zoneBefore = process.env.TZ;
    let run = 0;
    try {
      fc.assert(
        fc.property(
          fc.array(sendArbitrary, { maxLength: 40 }),
          fc.array(filterArbitrary, { minLength: 1, maxLength: 4 }),
          fc.constantFrom('UTC', 'Asia/Kathmandu', 'America/New_York'),
          (sends, filters, zone) => {
            process.env.TZ = zone;
            // A file per run, so that a counterexample shrinks to what it recorded alone.
            const store = openSubmissions(path.join(path.dirname(history.file), `run-${++run}.sqlite`));
            try {
              const claims: { release(): void }[] = [];
              for (const send of sends) {
                const startedAt = new Date(START + send.at).toISOString();
                const { id } = store.createSubmission(input({ startedAt, environmentId: send.environment }), [{ firstEvent: 0, eventCount: 6 }]);
                if (send.end === 'live') claims.push(sendingHere(store, id));
                else if (send.end !== 'sending') store.finish(id, send.end);
                if (send.verdict) store.recordStepVerdict(id, { ...send.verdict, endStatus: 422, reason: send.verdict.passed ? null : 'no' });
                if (send.end === 'sending' && send.resumedAs) store.finish(id, send.resumedAs);
                if (send.deleted) store.delete([id]);
              }
              for (const shape of filters) {
                const filter = HistoryFilterSchema.parse({
                  ...shape,
                  from: shape.from === null ? null : new Date(START + shape.from).toISOString(),
                  to: shape.to === null ? null : new Date(START + shape.to).toISOString(),
                });
                for (const unit of ['hour', 'day'] as const) expect(store.timeline(filter, unit)).toEqual(countedOneByOne(store, filter, unit));
              }
              for (const claim of claims) claim.release();
            } finally {
              store.close();
            }
          },
        ),
        {
          numRuns: 100,
          // Two sends a quarter hour apart in one UTC hour, which Kathmandu (+5:45) puts in two local hours.
          examples: [
            [
              [0, 900_000].map((at) => ({ at, environment: 'env-a', end: 'ok' as const, verdict: undefined, deleted: false, resumedAs: undefined })),
              [emptyShape],
              'Asia/Kathmandu',
            ],
          ],
        },
      );
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });

  it('takes an instant past year 9999 as after every submission, in the list and the timeline', () => {
    const store = history.openStore();
    for (const at of [0, 3_600_000]) {
      const { id } = store.createSubmission(input({ startedAt: new Date(START + at).toISOString() }), [{ firstEvent: 0, eventCount: 6 }]);
      store.finish(id, 'ok');
    }
    // 10000-01-01T00:30Z, written with an offset: its ISO text starts with "+", which sorts before "2025".
    const beyond = '9999-12-31T23:30:00-01:00';
    const from = HistoryFilterSchema.parse({ from: beyond });
    expect(store.list({ limit: 10, filter: from })).toEqual([]);
    expect(store.timeline(from, 'hour')).toEqual([]);
    const to = HistoryFilterSchema.parse({ to: beyond });
    expect(store.list({ limit: 10, filter: to })).toHaveLength(2);
    expect(store.timeline(to, 'day')).toEqual(countedOneByOne(store, to, 'day'));
    expect(store.timeline(to, 'day').flatMap((bucket) => Object.values(bucket.counts))).toEqual([2]);
  });

  it('counts, when a history made before the counts opens, every submission it already holds', () => {
    const raw = new DatabaseSync(history.file);
    for (const step of migrations.slice(0, 10)) step(raw);
    raw.exec('PRAGMA user_version = 10');
    const insert = raw.prepare(`INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash,
      started_at, finished_at, status, step_verdict) VALUES (?, ?, 'Env', '#000000', 'https://x.example', '{}', 1, 'h', ?, ?, ?, ?)`);
    const rows: [string, string, string, string | null][] = [
      ['env-a', '2025-03-01T10:05:00.000Z', 'ok', null],
      ['env-a', '2025-03-01T10:20:00.000Z', 'failed', '{"passed":true,"expectedStatus":422,"endStatus":422,"reason":null}'],
      ['env-b', '2025-03-01T23:59:59.999Z', 'failed', null],
      ['env-b', '2025-03-02T00:00:00.000Z', 'sending', null],
    ];
    rows.forEach(([environment, startedAt, status, verdict], n) => insert.run(`id-${n}`, environment, startedAt, startedAt, status, verdict));
    raw.close();
    const store = history.openStore();
    try {
      for (const filter of [HistoryFilterSchema.parse({}), HistoryFilterSchema.parse({ environmentIds: ['env-b'], statuses: ['failed', 'interrupted'] })]) {
        expect(store.timeline(filter, 'hour')).toEqual(countedOneByOne(store, filter, 'hour'));
      }
      expect(
        store
          .timeline(HistoryFilterSchema.parse({}), 'day')
          .flatMap((bucket) => Object.values(bucket.counts))
          .reduce((a, b) => a + b),
      ).toBe(4);
    } finally {
      store.close();
    }
  });
});
