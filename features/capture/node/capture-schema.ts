import type { DatabaseSync } from 'node:sqlite';

/**
 * The capture file's schema (capture.sqlite in the data folder): one row a request, its body
 * kept whole and masked (forwarding and HAR export need it whole anyway). Version 1 also wrote a
 * row for each event; at some 2 µs a row that cost the sandbox more than parsing the events did,
 * so since version 2 a request keeps only what its body cannot say again: the problems and plan
 * violations of its events (event_problems, event_violations), and its events' key fields are
 * read from the body when asked for (capture-events.ts). The upstream_* columns hold a forwarded
 * request's answer.
 */

/** Migration i brings a capture file from user_version i to i + 1. Append only. */
export const captureMigrations: readonly ((db: DatabaseSync) => void)[] = [
  (db) =>
    db.exec(`
      CREATE TABLE requests (
        id INTEGER PRIMARY KEY,
        received_at TEXT NOT NULL,
        duration_ms REAL NOT NULL CHECK (duration_ms >= 0),
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL,
        body_bytes INTEGER NOT NULL CHECK (body_bytes >= 0),
        body_truncated INTEGER NOT NULL CHECK (body_truncated IN (0, 1)),
        status INTEGER,
        reason TEXT NOT NULL,
        response_headers TEXT,
        response_body TEXT,
        fault TEXT,
        plan TEXT,
        service_id_field TEXT NOT NULL,
        event_count INTEGER NOT NULL CHECK (event_count >= 0),
        stored_bytes INTEGER NOT NULL CHECK (stored_bytes >= 0),
        upstream_url TEXT,
        upstream_status INTEGER,
        upstream_headers TEXT,
        upstream_body TEXT,
        upstream_error TEXT,
        upstream_ms REAL
      ) STRICT;

      CREATE TABLE events (
        request_id INTEGER NOT NULL,
        idx INTEGER NOT NULL CHECK (idx >= 0),
        token TEXT,
        customer_id TEXT,
        device_id TEXT,
        created_at TEXT,
        verdict TEXT NOT NULL CHECK (verdict IN ('accepted', 'refused')),
        problems TEXT,
        problem_count INTEGER NOT NULL DEFAULT 0 CHECK (problem_count >= 0),
        violations TEXT,
        PRIMARY KEY (request_id, idx)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
      INSERT INTO counters (name, value) VALUES ('not_captured_events', 0), ('not_captured_requests', 0);
    `),
  // Each event's problems and violations move into its request's row, and the events' rows go.
  (db) =>
    db.exec(`
      ALTER TABLE requests ADD COLUMN event_problems TEXT;
      ALTER TABLE requests ADD COLUMN event_violations TEXT;
      UPDATE requests SET
        event_problems = (SELECT json_group_array(json_array(idx, problem_count, json(problems)) ORDER BY idx) FROM events
          WHERE request_id = requests.id AND problem_count > 0),
        event_violations = (SELECT json_group_array(json(value) ORDER BY idx, key) FROM events, json_each(events.violations)
          WHERE request_id = requests.id AND violations IS NOT NULL)
        WHERE event_count > 0;
      UPDATE requests SET event_problems = NULL WHERE event_problems = '[]';
      UPDATE requests SET event_violations = NULL WHERE event_violations = '[]';
      DROP TABLE events;
      -- Counts every clear, so a reader holding where each request's events start knows to start over.
      INSERT INTO counters (name, value) VALUES ('clears', 0);
      -- The totals, the retention's sizes and where each request's events start, read without
      -- touching a body: columns stored after the body are read through its overflow pages.
      CREATE INDEX requests_sizes ON requests (id, event_count, stored_bytes);
    `),
];
