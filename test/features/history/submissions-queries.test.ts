import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  bucketName,
  emptyHistoryFilter,
  HistoryFilterSchema,
  type HistoryFilterInput,
  type TimelineBucket,
  type TimelineUnit,
} from '../../../features/history/common/history.ts';
import { SubmissionDetailSchema } from '../../../features/history/common/submission.ts';
import { migrations, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import { historyFilePerTest } from '../../support/history-file.ts';
import { input, codeOf } from '../../support/submissions-fixtures.ts';

const history = historyFilePerTest('eventdesk-submissions-queries-');
const openStore = () => history.openStore();

describe('history queries', () => {
  const event = (customer: string, extra: Record<string, unknown> = {}) => ({
    token: `tok-${customer}`,
    customer_id: customer,
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    svc_id: 7,
    attributes: { plan: 'pro', spend: '19.99' },
    ...extra,
  });

  /** Records a finished one-chunk submission of `events`, answered by `response`. */
  function sent(
    store: SubmissionStore,
    events: unknown[],
    options: { startedAt?: string; status?: 'ok' | 'failed'; response?: string; environmentId?: string } = {},
  ) {
    const { id } = store.createSubmission(
      input({
        batch: JSON.stringify(events),
        eventCount: events.length,
        startedAt: options.startedAt ?? '2025-03-01T10:00:00.000Z',
        environmentId: options.environmentId ?? 'env-staging',
      }),
      [{ firstEvent: 0, eventCount: events.length }],
    );
    const status = options.status ?? 'ok';
    store.updateChunk(id, 0, { status, statusCode: status === 'ok' ? 202 : 400, responseBody: options.response ?? '{"accepted":1}' });
    store.finish(id, status);
    return id;
  }

  const filter = (overrides: HistoryFilterInput = {}) => HistoryFilterSchema.parse(overrides);
  const ids = (store: SubmissionStore, overrides: HistoryFilterInput) => store.list({ limit: 100, filter: filter(overrides) }).map((row) => row.id);

  it('finds a submission by customer_id, device_id, token, an attribute value or a word of its response', () => {
    const store = openStore();
    const alice = sent(store, [event('alice-01'), event('carol-03', { attributes: { coupon: 'SPRING25' } })], {
      response: '{"error":"quota exceeded for tenant"}',
    });
    const bob = sent(store, [event('bob-02', { device_id: 'aaaaaaaa-1111-4222-8333-444444444444' })]);

    expect(ids(store, { search: 'alice-01' })).toEqual([alice]);
    expect(ids(store, { search: 'carol-03' })).toEqual([alice]);
    expect(ids(store, { search: 'aaaaaaaa-1111-4222-8333-444444444444' })).toEqual([bob]);
    expect(ids(store, { search: 'tok-bob-02' })).toEqual([bob]);
    expect(ids(store, { search: 'spring25' })).toEqual([alice]);
    expect(ids(store, { search: 'quota' })).toEqual([alice]);
    expect(ids(store, { search: '19.99' }).sort()).toEqual([alice, bob].sort());
    // A word matches from its start, and every word must match.
    expect(ids(store, { search: 'bob-0' })).toEqual([bob]);
    expect(ids(store, { search: 'alice-01 bob-02' })).toEqual([]);
    expect(ids(store, { search: 'nobody' })).toEqual([]);
    // FTS5 syntax typed by a user is just text.
    expect(ids(store, { search: '" OR * NEAR(' })).toEqual([]);
    expect(ids(store, { search: '   ' }).sort()).toEqual([alice, bob].sort());
    // Symbols alone are in no index: nothing matches them.
    expect(ids(store, { search: '€' })).toEqual([]);
    expect(ids(store, { search: ' - * ( ' })).toEqual([]);
    expect(store.count(filter({ search: 'alice-01' }))).toBe(1);
  });

  it('finds a submission by its label and note, and not by the old ones after an edit', () => {
    const store = openStore();
    const id = sent(store, [event('dave-04')]);
    const other = sent(store, [event('erin-05')]);
    const annotated = store.annotate(id, { label: '  Repro for ZD-1234  ', note: 'customer says events vanish after midnight' });
    expect(annotated).toMatchObject({ id, label: 'Repro for ZD-1234', note: 'customer says events vanish after midnight' });
    expect(ids(store, { search: 'zd-1234' })).toEqual([id]);
    expect(ids(store, { search: 'midnight' })).toEqual([id]);
    store.annotate(id, { label: 'renamed', note: '' });
    expect(ids(store, { search: 'midnight' })).toEqual([]);
    expect(ids(store, { search: 'renamed' })).toEqual([id]);
    // The events stay searchable after an edit.
    expect(ids(store, { search: 'dave-04' })).toEqual([id]);
    expect(ids(store, { search: 'erin-05' })).toEqual([other]);
    expect(codeOf(() => store.annotate('no-such-id', { label: '', note: '' }))).toBe('submission-not-found');
  });

  it('filters by environment, status and time, pages through the result and counts it', () => {
    const store = openStore();
    const made = Array.from({ length: 7 }, (_, n) =>
      sent(store, [event(`c-${n}`)], {
        startedAt: `2025-03-0${n + 1}T10:00:00.000Z`,
        status: n % 3 === 0 ? 'failed' : 'ok',
        environmentId: n < 4 ? 'env-a' : 'env-b',
      }),
    );
    expect(ids(store, { environmentIds: ['env-b'] })).toEqual([made[6], made[5], made[4]]);
    expect(ids(store, { statuses: ['failed'] })).toEqual([made[6], made[3], made[0]]);
    expect(ids(store, { from: '2025-03-02T00:00:00.000Z', to: '2025-03-04T00:00:00.000Z' })).toEqual([made[2], made[1]]);
    expect(ids(store, { environmentIds: ['env-a'], statuses: ['ok'], from: '2025-03-03T10:00:00.000Z' })).toEqual([made[2]]);
    expect(store.count(filter({ statuses: ['ok', 'failed'] }))).toBe(7);
    expect(store.count(filter({ environmentIds: ['env-a'], statuses: ['failed'] }))).toBe(2);

    const onlyOk = filter({ statuses: ['ok'] });
    const page1 = store.list({ limit: 2, filter: onlyOk });
    const page2 = store.list({ limit: 2, filter: onlyOk, before: page1.at(-1)!.id });
    const page3 = store.list({ limit: 2, filter: onlyOk, before: page2.at(-1)!.id });
    expect([...page1, ...page2, ...page3].map((row) => row.id)).toEqual([made[5], made[4], made[2], made[1]]);
    expect(page3).toEqual([]);
    // A list row carries no batch: a page never reads large batches.
    expect(page1[0]).not.toHaveProperty('batch');
  });

  it('counts submissions per hour and per day of local time, by status, in any time zone', () => {
    const store = openStore();
    // Around New York's and Adelaide's clock changes, across midnights, and at quarter hours
    // that fall on different local hours in half-hour and 45-minute zones.
    const times = [
      '2025-03-01T10:05:00.000Z',
      '2025-03-01T10:55:00.000Z',
      '2025-03-01T13:00:00.000Z',
      '2025-03-03T10:00:00.000Z',
      '2025-04-05T16:20:00.000Z',
      '2025-04-05T16:40:00.000Z',
      '2025-11-02T05:30:00.000Z',
      '2025-11-02T06:10:00.000Z',
      '2025-11-02T06:50:00.000Z',
      '2025-12-31T18:14:59.999Z',
      '2025-12-31T18:15:00.000Z',
      '2025-12-31T23:59:59.999Z',
    ];
    times.forEach((startedAt, n) => sent(store, [event(`t-${n}`)], { startedAt, status: n % 3 === 1 ? 'failed' : 'ok' }));
    /** The buckets counted one row at a time, as the timeline means them. */
    const expected = (unit: TimelineUnit, only?: 'ok') => {
      const buckets: TimelineBucket[] = [];
      times.forEach((iso, n) => {
        const status = n % 3 === 1 ? 'failed' : 'ok';
        if (only && status !== only) return;
        const bucket = bucketName(new Date(iso), unit);
        if (buckets.at(-1)?.bucket !== bucket) buckets.push({ bucket, counts: {} });
        const counts = buckets.at(-1)!.counts;
        counts[status] = (counts[status] ?? 0) + 1;
      });
      return buckets;
    };
    const zoneBefore = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide', 'Pacific/Chatham']) {
        process.env.TZ = zone;
        expect(store.timeline(emptyHistoryFilter, 'hour'), zone).toEqual(expected('hour'));
        expect(store.timeline(filter({ statuses: ['ok'] }), 'day'), zone).toEqual(expected('day', 'ok'));
      }
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });

  it("counts a refusal a scenario's step expected apart from the failures, as its badge shows it", () => {
    const store = openStore();
    const startedAt = '2025-03-01T10:00:00.000Z';
    const expectedRefusal = sent(store, [event('v-1')], { startedAt, status: 'failed' });
    store.recordStepVerdict(expectedRefusal, { passed: true, expectedStatus: 422, endStatus: 422, reason: null });
    const unexpectedRefusal = sent(store, [event('v-2')], { startedAt, status: 'failed' });
    store.recordStepVerdict(unexpectedRefusal, { passed: false, expectedStatus: 201, endStatus: 400, reason: 'status: expected 201, the send ended with 400' });
    const stepPassed = sent(store, [event('v-3')], { startedAt });
    store.recordStepVerdict(stepPassed, { passed: true, expectedStatus: null, endStatus: 202, reason: null });
    sent(store, [event('v-4')], { startedAt, status: 'failed' });
    sent(store, [event('v-5')], { startedAt });

    expect(store.timeline(emptyHistoryFilter, 'day')).toEqual([{ bucket: bucketName(new Date(startedAt), 'day'), counts: { ok: 2, failed: 2, expected: 1 } }]);
  });

  it('deletes a selection or everything a filter finds, never a send under way, and its search rows with it', () => {
    const store = openStore();
    const [a, b, c] = ['x-1', 'x-2', 'x-3'].map((customer) => sent(store, [event(customer)]));
    const running = store.createSubmission(input({ batch: JSON.stringify([event('x-4')]), eventCount: 1 }), [{ firstEvent: 0, eventCount: 1 }]).id;

    expect(store.delete([a!, running, 'no-such-id'])).toBe(1);
    expect(store.get(a!)).toBeNull();
    expect(ids(store, { search: 'x-1' })).toEqual([]);
    expect(store.deleteMatching(filter({ search: 'x-2' }))).toBe(1);
    expect(store.deleteMatching(emptyHistoryFilter)).toBe(1);
    expect(store.list({ limit: 10 }).map((row) => row.id)).toEqual([running]);
    expect(store.get(b!)).toBeNull();
    expect(store.get(c!)).toBeNull();
  });

  it('keeps everything by default, and applies a limit by age or by size, oldest first', () => {
    const store = openStore();
    expect(store.retention()).toEqual({ keep: 'all' });
    const now = new Date('2025-03-10T12:00:00.000Z');
    const ages = [1, 5, 20, 40];
    const made = ages.map((days) =>
      sent(store, [event(`r-${days}`, { attributes: { padding: 'p'.repeat(400_000) } })], {
        startedAt: new Date(now.getTime() - days * 86_400_000).toISOString(),
      }),
    );
    expect(store.applyRetention(now)).toBe(0);
    const usage = store.usage();
    expect(usage.submissions).toBe(4);
    expect(usage.storedBytes).toBeGreaterThan(4 * 400_000);
    expect(usage.fileBytes).toBeGreaterThan(0);

    store.setRetention({ keep: 'days', days: 30 });
    expect(store.retention()).toEqual({ keep: 'days', days: 30 });
    expect(store.applyRetention(now)).toBe(1);
    expect(store.get(made[3]!)).toBeNull();

    store.setRetention({ keep: 'size', megabytes: 1 });
    expect(store.applyRetention(now)).toBe(1);
    expect(store.list({ limit: 10 }).map((row) => row.id)).toEqual([made[0], made[1]]);
    expect(store.usage().storedBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(() => store.setRetention({ keep: 'days', days: 0 })).toThrow();
  });

  it('never drops the newest submission for size, even when it alone is over the limit', () => {
    const store = openStore();
    const older = sent(store, [event('small-1')], { startedAt: '2025-03-01T10:00:00.000Z' });
    const newest = sent(store, [event('big-2', { attributes: { padding: 'p'.repeat(1_500_000) } })], { startedAt: '2025-03-02T10:00:00.000Z' });
    store.setRetention({ keep: 'size', megabytes: 1 });
    expect(store.applyRetention()).toBe(1);
    expect(store.get(older)).toBeNull();
    expect(store.list({ limit: 10 }).map((row) => row.id)).toEqual([newest]);
  });

  it('says when the row a page starts after is gone, rather than answering an empty page', () => {
    const store = openStore();
    const made = ['p-1', 'p-2', 'p-3'].map((customer, n) => sent(store, [event(customer)], { startedAt: `2025-03-0${n + 1}T10:00:00.000Z` }));
    const first = store.list({ limit: 1 });
    expect(first.map((row) => row.id)).toEqual([made[2]]);
    store.delete([made[2]!]);
    expect(codeOf(() => store.list({ limit: 1, before: made[2]! }))).toBe('history-cursor-gone');
  });

  it('makes the answers of a send cut short by a crash searchable, and counts them', () => {
    const store = openStore();
    const { id } = store.createSubmission(input({ batch: JSON.stringify([event('crash-1'), event('crash-2')]), eventCount: 2 }), [
      { firstEvent: 0, eventCount: 1 },
      { firstEvent: 1, eventCount: 1 },
    ]);
    store.updateChunk(id, 0, { status: 'ok', statusCode: 202, responseBody: '{"accepted":1,"ticket":"before-the-crash"}' });
    const before = store.usage().storedBytes;
    expect(store.markInterrupted()).toEqual([id]);
    expect(ids(store, { search: 'before-the-crash' })).toEqual([id]);
    expect(store.usage().storedBytes).toBe(before + '{"accepted":1,"ticket":"before-the-crash"}'.length);
  });

  it('opens a database written by schema version 1, keeping its submissions and making them searchable', () => {
    const raw = new DatabaseSync(history.file);
    migrations[0]!(raw);
    raw.exec('PRAGMA user_version = 1');
    raw
      .prepare(
        `INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status)
      VALUES ('old-1', 'env-a', 'A', '#000000', 'https://a.example', '{}', 1, 'h', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:01.000Z', 'ok')`,
      )
      .run();
    raw.prepare(`INSERT INTO submission_batches (submission_id, batch) VALUES ('old-1', '[{"customer_id":"legacy-7"}]')`).run();
    raw
      .prepare(
        `INSERT INTO chunks (submission_id, idx, first_event, event_count, status, status_code, response_body) VALUES ('old-1', 0, 0, 1, 'ok', 202, '{"accepted":1}')`,
      )
      .run();
    raw.close();

    const store = openStore();
    expect(store.get('old-1')).toMatchObject({ id: 'old-1', label: '', note: '', status: 'ok', batch: '[{"customer_id":"legacy-7"}]' });
    expect(ids(store, { search: 'legacy-7' })).toEqual(['old-1']);
    expect(ids(store, { search: 'accepted' })).toEqual(['old-1']);
    expect(store.usage().storedBytes).toBe('[{"customer_id":"legacy-7"}]'.length + '{"accepted":1}'.length);
    // Its time is the one it was shown with: from its start to its end.
    expect(store.get('old-1')?.sendingMs).toBe(1000);
  });

  it('opens a database written by schema version 4, keeping the last answer of each chunk as its one known attempt', () => {
    const raw = new DatabaseSync(history.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 4)) step(raw);
    raw.exec('PRAGMA user_version = 4');
    raw
      .prepare(
        `INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status)
      VALUES ('old-4', 'env-a', 'A', '#000000', 'https://a.example', '{}', 2, 'h', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:01.000Z', 'partial')`,
      )
      .run();
    raw.prepare(`INSERT INTO submission_batches (submission_id, batch) VALUES ('old-4', '[{"a":1},{"a":2}]')`).run();
    raw
      .prepare(
        `INSERT INTO chunks (submission_id, idx, first_event, event_count, status, status_code, response_body, attempts, duration_ms)
      VALUES ('old-4', 0, 0, 1, 'ok', 202, '{"accepted":1}', 3, 40)`,
      )
      .run();
    raw.prepare(`INSERT INTO chunks (submission_id, idx, first_event, event_count, status) VALUES ('old-4', 1, 1, 1, 'pending')`).run();
    raw.close();

    const store = openStore();
    const detail = store.get('old-4')!;
    expect(SubmissionDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.chunks[0]).toMatchObject({ status: 'ok', attempts: 3, wentOut: false });
    expect(detail.chunks[0]!.attemptLog).toEqual([
      {
        number: 3,
        startedAt: null,
        durationMs: 40,
        firstEvent: 0,
        eventCount: 1,
        statusCode: 202,
        retryAfter: null,
        error: null,
        responseHeaders: {},
        responseBody: '{"accepted":1}',
        responseTruncated: false,
        mayHaveArrived: false,
      },
    ]);
    expect(detail.chunks[1]).toMatchObject({ status: 'pending', attempts: 0, wentOut: false, attemptLog: [] });
    // A chunk can now be skipped, which the old CHECK refused.
    store.skipChunks('old-4', [1], 'Skipped on resume.');
    expect(store.get('old-4')!.chunks[1]).toMatchObject({ status: 'skipped', error: 'Skipped on resume.' });
  });

  it('opens a database written by schema version 5, keeping its chunks in event order, each known by its first event', () => {
    const raw = new DatabaseSync(history.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 5)) step(raw);
    raw.exec('PRAGMA user_version = 5');
    raw
      .prepare(
        `INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, status)
      VALUES ('old-5', 'env-a', 'A', '#000000', 'https://a.example', '{}', 6, 'h', '2025-06-01T00:00:00.000Z', 'interrupted')`,
      )
      .run();
    raw.prepare(`INSERT INTO submission_batches (submission_id, batch) VALUES ('old-5', '[1,2,3,4,5,6]')`).run();
    // Rows out of event order in the file: the list is in event order all the same.
    const chunk = raw.prepare('INSERT INTO chunks (submission_id, idx, first_event, event_count, status, status_code, attempts) VALUES (?, ?, ?, ?, ?, ?, ?)');
    chunk.run('old-5', 2, 4, 2, 'pending', null, 0);
    chunk.run('old-5', 0, 0, 3, 'ok', 202, 1);
    chunk.run('old-5', 1, 3, 1, 'failed', 500, 2);
    raw
      .prepare(`INSERT INTO chunk_attempts (submission_id, first_event, event_count, number, status_code, may_have_arrived) VALUES ('old-5', 3, 1, 2, 500, 0)`)
      .run();
    raw.close();

    const store = openStore();
    const detail = store.get('old-5')!;
    expect(SubmissionDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.chunks.map((c) => [c.firstEvent, c.eventCount, c.status, c.attempts])).toEqual([
      [0, 3, 'ok', 1],
      [3, 1, 'failed', 2],
      [4, 2, 'pending', 0],
    ]);
    expect(detail.chunks[1]!.attemptLog).toMatchObject([{ number: 2, firstEvent: 3, statusCode: 500 }]);
    // Split after the migration: the chunks around it keep their keys, and the parts take theirs.
    store.splitChunk('old-5', 4, [
      { firstEvent: 4, eventCount: 1 },
      { firstEvent: 5, eventCount: 1 },
    ]);
    store.updateChunk('old-5', 5, { status: 'ok', statusCode: 202 });
    expect(store.remainingChunks('old-5').map((c) => [c.firstEvent, c.status])).toEqual([
      [3, 'failed'],
      [4, 'pending'],
    ]);
    const check = new DatabaseSync(history.file);
    try {
      const columns = (check.prepare('PRAGMA table_info(chunks)').all() as { name: string; pk: number }[])
        .filter((column) => column.pk > 0)
        .map((column) => column.name);
      expect(columns).toEqual(['submission_id', 'first_event']);
    } finally {
      check.close();
    }
  });
});
