import type { DatabaseSync } from 'node:sqlite';

/**
 * The capture file's schema (capture.sqlite in the data folder). A request's events sit beside
 * it keyed by (request, index), in the order they were written, so paging through 100 000 of
 * them walks the primary key, and dropping old requests drops a range. An event's own text is
 * not repeated: it is read from its request's body (kept masked), which forwarding and HAR
 * export need whole anyway. The upstream_* columns hold a forwarded request's answer.
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
];
