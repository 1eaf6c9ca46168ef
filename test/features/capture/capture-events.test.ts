import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { captureMigrations } from '../../../features/capture/node/capture-schema.ts';
import { captureFileIn, openCapture } from '../../../features/capture/node/capture-store.ts';
import { authenticated, sendEvents, validEvent } from '../sandbox/sandbox-client.ts';
import { capturingSandbox, dataFolder } from './capture-support.ts';

/** Captured events read back from their requests' bodies: pages in arrival order, and a version 1 file brought up to date. */

describe("the capture's events", () => {
  it('pages through every event in arrival order across requests, after new ones, a retention and a clear', async () => {
    const { sandbox, store, drained } = await capturingSandbox(await dataFolder());
    const headers = await authenticated(sandbox);
    const sent: string[] = [];
    const post = async (requests: number, from: number) => {
      for (let request = 0; request < requests; request++) {
        const tokens = Array.from({ length: (request % 4) + 1 }, (_, index) => `t-${from + request}-${index}`);
        sent.push(...tokens);
        expect(
          (
            await sendEvents(
              sandbox,
              tokens.map((token) => validEvent({ token })),
              headers,
            )
          ).status,
        ).toBe(202);
      }
      await drained();
    };
    const tokensOf = (offset: number, limit: number) => store.eventsPage(offset, limit).map((event) => event.token);

    await post(10, 0);
    for (const [offset, limit] of [
      [0, 3],
      [2, 7],
      [9, 100],
      [24, 5],
      [25, 5],
    ] as const)
      expect(tokensOf(offset, limit)).toEqual(sent.slice(offset, offset + limit));
    // Requests written after the pages were read come after them.
    await post(3, 10);
    expect(tokensOf(20, 100)).toEqual(sent.slice(20));

    // The oldest requests dropped: the pages start at what is left.
    const oldest = store.requests(100).at(-1)!;
    const raw = new DatabaseSync(store.file);
    raw.prepare('UPDATE requests SET received_at = ? WHERE id <= ?').run('2026-01-01T00:00:00.000Z', oldest.id + 3);
    raw.close();
    store.applyRetention();
    const left = sent.slice(1 + 2 + 3);
    expect(tokensOf(0, 4)).toEqual(left.slice(0, 4));
    expect(tokensOf(0, 1000)).toEqual(left);

    // Cleared, the ids start again from 1: the pages hold only what came after.
    store.clear();
    expect(tokensOf(0, 10)).toEqual([]);
    sent.length = 0;
    await post(2, 100);
    expect(tokensOf(0, 10)).toEqual(sent);
  });

  it('brings a version 1 file up to date: each event keeps its problems and violations, its key fields read from the body, an unanswered forward not delivered', async () => {
    const file = captureFileIn(await dataFolder());
    const v1 = new DatabaseSync(file);
    captureMigrations[0]!(v1);
    v1.exec('PRAGMA user_version = 1');
    const events = [validEvent({ token: 'old-1' }), validEvent({ token: 'old-2', customer_id: 7 }), validEvent({ token: 'old-3' })];
    const violation = {
      index: 2,
      pointer: '/2/attributes/currency',
      kind: 'attribute-value',
      severity: 'error',
      message: 'event 3 (/2/attributes/currency): expected one of "EUR"',
    };
    v1.prepare(
      `INSERT INTO requests (received_at, duration_ms, method, path, headers, body, body_bytes, body_truncated, status, reason, service_id_field, event_count, stored_bytes)
      VALUES ('2026-11-24T08:00:00.000Z', 1, 'POST', '/user/events', '{}', ?, 10, 0, 422, 'invalid-events: 1 problem', 'svc_id', 3, 100)`,
    ).run(JSON.stringify(events));
    const insert = v1.prepare(
      'INSERT INTO events (request_id, idx, token, customer_id, device_id, created_at, verdict, problems, problem_count, violations) VALUES (1, ?, ?, NULL, NULL, NULL, ?, ?, ?, ?)',
    );
    insert.run(0, 'old-1', 'refused', null, 0, null);
    insert.run(1, 'old-2', 'refused', JSON.stringify([{ field: 'customer_id', message: 'Must be a string, not a number.' }]), 1, null);
    insert.run(2, 'old-3', 'refused', null, 0, JSON.stringify([violation]));
    // Forwarded to an upstream that never answered: version 1 called its event refused; nobody judged it.
    const lost = validEvent({ token: 'old-lost' });
    v1.prepare(
      `INSERT INTO requests (received_at, duration_ms, method, path, headers, body, body_bytes, body_truncated, status, reason, service_id_field, event_count, stored_bytes, upstream_url, upstream_status, upstream_error, upstream_ms)
      VALUES ('2026-11-24T08:00:01.000Z', 1, 'POST', '/user/events', '{}', ?, 10, 0, 502, 'upstream-timeout', 'svc_id', 1, 100, 'http://127.0.0.1:9/user/events', NULL, 'upstream-timeout: The upstream did not answer within 5000 ms.', 5000)`,
    ).run(JSON.stringify([lost]));
    v1.prepare("INSERT INTO events (request_id, idx, token, verdict, problem_count) VALUES (2, 0, 'old-lost', 'refused', 0)").run();
    v1.close();

    const store = openCapture(file, { log: () => undefined });
    try {
      expect(store.status()).toMatchObject({ capturing: true, problem: null, requests: 2, events: 4 });
      expect(store.eventsOf(2)).toEqual([expect.objectContaining({ token: 'old-lost', verdict: 'undelivered', failure: 'upstream-timeout' })]);
      expect(store.eventsOf(1)).toEqual([
        expect.objectContaining({
          index: 0,
          token: 'old-1',
          customerId: events[0]!.customer_id,
          verdict: 'refused',
          problems: [],
          problemCount: 0,
          violations: [],
        }),
        expect.objectContaining({
          index: 1,
          token: 'old-2',
          customerId: '7',
          problems: [{ field: 'customer_id', message: 'Must be a string, not a number.' }],
          problemCount: 1,
          violations: [],
        }),
        expect.objectContaining({ index: 2, token: 'old-3', problems: [], violations: [violation] }),
      ]);
      expect([...store.eachEvent()].map(({ event }) => event)).toEqual([...events, lost]);
    } finally {
      store.close();
    }
    const migrated = new DatabaseSync(file);
    expect(migrated.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'events'").get()).toEqual({ n: 0 });
    migrated.close();
  });
});
