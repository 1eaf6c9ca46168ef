import type { DatabaseSync } from 'node:sqlite';
import { SubmissionStatusSchema, type ChunkRecord } from '../common/submission.ts';
import { batchSearchText, notesSearchText, SEARCH_TOKENIZER } from './history-search.ts';
import { TIMELINE_COUNTS_SQL } from './timeline.ts';

/**
 * The history database's schema: the migrations that build it, version by version, and the
 * settling of a submission (its search index and size) that the version 2 migration also uses.
 * The tables are described in submissions.ts, which opens the file and keeps the records.
 */

type Row = Record<string, unknown>;

const statusList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const submissionStatuses = statusList(SubmissionStatusSchema.options);
const chunkStatuses = statusList(['pending', 'sending', 'ok', 'failed', 'cancelled'] satisfies ChunkRecord['status'][]);
/** The search tables' tokenizer from version 2 to 7: `-`, `_`, `.` and `@` kept inside words. */
const WHOLE_ID_TOKENIZER = `unicode61 remove_diacritics 2 tokenchars '-_.@'`;
/** The search tables as history-search.ts describes them, with `tokenizer`. */
const searchTables = (tokenizer: string) => `
  CREATE VIRTUAL TABLE search_events USING fts5 (text, content = '', contentless_delete = 1, tokenize = "${tokenizer}");
  CREATE VIRTUAL TABLE search_notes USING fts5 (text, content = '', contentless_delete = 1, tokenize = "${tokenizer}");
`;

/**
 * Migration i brings a database from user_version i to i + 1. Append only: never edit a step
 * that has shipped, add the next one.
 */
export const migrations: readonly ((db: DatabaseSync) => void)[] = [
  (db) =>
    db.exec(`
      CREATE TABLE submissions (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        environment_id TEXT NOT NULL,
        environment_name TEXT NOT NULL,
        environment_color TEXT NOT NULL,
        base_url TEXT NOT NULL,
        headers TEXT NOT NULL,
        event_count INTEGER NOT NULL CHECK (event_count >= 0),
        batch_hash TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL CHECK (status IN (${submissionStatuses}))
      ) STRICT;
      CREATE INDEX submissions_by_started ON submissions (started_at);
      CREATE INDEX submissions_by_batch ON submissions (environment_id, batch_hash, started_at);
      CREATE INDEX submissions_sending ON submissions (status) WHERE status = 'sending';

      CREATE TABLE submission_batches (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        batch TEXT NOT NULL
      ) STRICT;

      CREATE TABLE chunks (
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        first_event INTEGER NOT NULL CHECK (first_event >= 0),
        event_count INTEGER NOT NULL CHECK (event_count >= 1),
        status TEXT NOT NULL CHECK (status IN (${chunkStatuses})),
        status_code INTEGER,
        response_headers TEXT NOT NULL DEFAULT '{}',
        response_body TEXT NOT NULL DEFAULT '',
        response_truncated INTEGER NOT NULL DEFAULT 0 CHECK (response_truncated IN (0, 1)),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        duration_ms REAL NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
        error TEXT,
        UNIQUE (submission_id, idx)
      ) STRICT;
    `),
  (db) => {
    db.exec(`
      ALTER TABLE submissions ADD COLUMN label TEXT NOT NULL DEFAULT '';
      ALTER TABLE submissions ADD COLUMN note TEXT NOT NULL DEFAULT '';
      ALTER TABLE submissions ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0 CHECK (stored_bytes >= 0);
      CREATE INDEX submissions_by_status ON submissions (status, started_at);
      CREATE INDEX submissions_by_environment ON submissions (environment_id, started_at);
      ${searchTables(WHOLE_ID_TOKENIZER)}
      CREATE TRIGGER submissions_unsearch AFTER DELETE ON submissions BEGIN
        DELETE FROM search_events WHERE rowid = old.seq;
        DELETE FROM search_notes WHERE rowid = old.seq;
      END;
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    `);
    const indexEvents = db.prepare('INSERT INTO search_events (rowid, text) VALUES (?, ?)');
    for (const row of db.prepare('SELECT s.seq, b.batch FROM submissions s JOIN submission_batches b ON b.submission_id = s.id').iterate() as Iterable<Row>) {
      indexEvents.run(Number(row.seq), batchSearchText(String(row.batch)));
    }
    for (const row of db.prepare('SELECT id FROM submissions').iterate() as Iterable<Row>) settle(db, String(row.id), 2);
  },
  // A count by environment and status walked every row of the environment to read its status:
  // 45 ms on 100 000 submissions, 0.14 ms with this covering index (npm run bench -- history).
  (db) => db.exec('CREATE INDEX submissions_by_environment_status ON submissions (environment_id, status, started_at)'),
  // The time spent sending, over every run: after a cancel and a resume, the end minus the start
  // counted the pause between them too. Sends already ended are counted as they were shown.
  (db) =>
    db.exec(`
      ALTER TABLE submissions ADD COLUMN sending_ms INTEGER NOT NULL DEFAULT 0 CHECK (sending_ms >= 0);
      UPDATE submissions SET sending_ms = max(0, CAST(round((julianday(finished_at) - julianday(started_at)) * 86400000) AS INTEGER))
        WHERE finished_at IS NOT NULL;
    `),
  // Every attempt of every chunk is kept (#13), and a chunk can be 'skipped' by a resume, which
  // needs the chunks table rebuilt: SQLite cannot change a CHECK. Rows written before keep their
  // last answer as their one known attempt, numbered as its chunk counted it, with no start time.
  (db) =>
    db.exec(`
      CREATE TABLE chunks_v5 (
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        first_event INTEGER NOT NULL CHECK (first_event >= 0),
        event_count INTEGER NOT NULL CHECK (event_count >= 1),
        status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'ok', 'failed', 'cancelled', 'skipped')),
        status_code INTEGER,
        response_headers TEXT NOT NULL DEFAULT '{}',
        response_body TEXT NOT NULL DEFAULT '',
        response_truncated INTEGER NOT NULL DEFAULT 0 CHECK (response_truncated IN (0, 1)),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        duration_ms REAL NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
        error TEXT,
        UNIQUE (submission_id, idx)
      ) STRICT;
      INSERT INTO chunks_v5 SELECT submission_id, idx, first_event, event_count, status, status_code, response_headers,
        response_body, response_truncated, attempts, duration_ms, error FROM chunks;
      DROP TABLE chunks;
      ALTER TABLE chunks_v5 RENAME TO chunks;
      CREATE TABLE chunk_attempts (
        id INTEGER PRIMARY KEY,
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        first_event INTEGER NOT NULL CHECK (first_event >= 0),
        event_count INTEGER NOT NULL CHECK (event_count >= 1),
        number INTEGER NOT NULL CHECK (number >= 1),
        started_at TEXT,
        duration_ms REAL NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
        status_code INTEGER,
        retry_after TEXT,
        error TEXT,
        response_headers TEXT NOT NULL DEFAULT '{}',
        response_body TEXT NOT NULL DEFAULT '',
        response_truncated INTEGER NOT NULL DEFAULT 0 CHECK (response_truncated IN (0, 1)),
        may_have_arrived INTEGER NOT NULL DEFAULT 1 CHECK (may_have_arrived IN (0, 1))
      ) STRICT;
      CREATE INDEX chunk_attempts_by_chunk ON chunk_attempts (submission_id, first_event, id);
      INSERT INTO chunk_attempts (submission_id, first_event, event_count, number, duration_ms, status_code, error, response_headers, response_body, response_truncated, may_have_arrived)
        SELECT submission_id, first_event, event_count, attempts, duration_ms, status_code, error, response_headers, response_body, response_truncated, status_code IS NULL
        FROM chunks WHERE attempts > 0 ORDER BY submission_id, idx;
    `),
  // A chunk is known by its first event (the key its attempts already had), not by a position
  // that a 413 split shifted for every chunk after it. Positions were in event order, so the
  // order of the rows stays as it was shown.
  (db) =>
    db.exec(`
      CREATE TABLE chunks_v6 (
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        first_event INTEGER NOT NULL CHECK (first_event >= 0),
        event_count INTEGER NOT NULL CHECK (event_count >= 1),
        status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'ok', 'failed', 'cancelled', 'skipped')),
        status_code INTEGER,
        response_headers TEXT NOT NULL DEFAULT '{}',
        response_body TEXT NOT NULL DEFAULT '',
        response_truncated INTEGER NOT NULL DEFAULT 0 CHECK (response_truncated IN (0, 1)),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        duration_ms REAL NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
        error TEXT,
        PRIMARY KEY (submission_id, first_event)
      ) STRICT;
      INSERT INTO chunks_v6 SELECT submission_id, first_event, event_count, status, status_code, response_headers,
        response_body, response_truncated, attempts, duration_ms, error FROM chunks;
      DROP TABLE chunks;
      ALTER TABLE chunks_v6 RENAME TO chunks;
    `),
  // A batch is recorded in parts of consecutive events, each with its own search row, so a big
  // send writes its batch and its index in short transactions instead of one that froze the app
  // (1.2 s at 100 000 events). `bytes` (UTF-8) lets the size be counted without reading the
  // text. `indexed` says a part's search row is written: a part left
  // unindexed by a crash is indexed at the next start. Each batch recorded so far becomes its one
  // part (every recorded batch is a JSON array's text, `[…]`), under its submission's seq as id:
  // its search row, keyed by seq until now, stays as it is.
  (db) =>
    db.exec(`
      CREATE TABLE batch_parts (
        id INTEGER PRIMARY KEY,
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        first_event INTEGER NOT NULL CHECK (first_event >= 0),
        event_count INTEGER NOT NULL CHECK (event_count >= 0),
        events TEXT NOT NULL,
        bytes INTEGER NOT NULL CHECK (bytes >= 0),
        indexed INTEGER NOT NULL DEFAULT 0 CHECK (indexed IN (0, 1)),
        UNIQUE (submission_id, first_event)
      ) STRICT;
      CREATE INDEX batch_parts_unindexed ON batch_parts (submission_id) WHERE indexed = 0;
      INSERT INTO batch_parts (id, submission_id, first_event, event_count, events, bytes, indexed)
        SELECT s.seq, b.submission_id, 0, s.event_count, substr(b.batch, 2, length(b.batch) - 2), length(CAST(b.batch AS BLOB)) - 2, 1
        FROM submission_batches b JOIN submissions s ON s.id = b.submission_id;
      DROP TABLE submission_batches;
      DROP TRIGGER submissions_unsearch;
      CREATE TRIGGER submissions_unsearch AFTER DELETE ON submissions BEGIN
        DELETE FROM search_notes WHERE rowid = old.seq;
      END;
      CREATE TRIGGER batch_parts_unsearch AFTER DELETE ON batch_parts BEGIN
        DELETE FROM search_events WHERE rowid = old.id;
      END;
    `),
  // Each part of an id is a word (#15): `7781` finds `cust-7781`. An FTS5 table keeps the
  // tokenizer it was made with, so both are made again, and every row indexed anew: the parts
  // written so far (one left unindexed by a crash stays so, for the next start) and each
  // submission's answers, label and note. The triggers name the tables, so they hold as they are.
  (db) => {
    db.exec(`DROP TABLE search_events; DROP TABLE search_notes; ${searchTables(SEARCH_TOKENIZER)}`);
    const indexPart = db.prepare('INSERT INTO search_events (rowid, text) VALUES (?, ?)');
    for (const row of db.prepare('SELECT id, events FROM batch_parts WHERE indexed = 1').iterate() as Iterable<Row>) {
      indexPart.run(Number(row.id), batchSearchText(`[${String(row.events)}]`));
    }
    for (const row of db.prepare('SELECT id FROM submissions').iterate() as Iterable<Row>) settle(db, String(row.id), 8);
  },
  // A pseudonymized send keeps the original customer and device ids it was made from (a JSON
  // array of texts, masked), searchable with its notes (#32): `7781` finds the send made from
  // `cust-7781`. Sends recorded before were made from nothing known: no search row changes.
  (db) => db.exec(`ALTER TABLE submissions ADD COLUMN pseudonymized_from TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(pseudonymized_from))`),
  // A scenario step's verdict on the send it made (features/history/common/step-verdict.ts, JSON), kept beside the
  // server's answer so a 422 a negative test expects reads as a step that passed (#32). Sends
  // recorded before were made by no step that said: none has one.
  (db) => db.exec(`ALTER TABLE submissions ADD COLUMN step_verdict TEXT CHECK (step_verdict IS NULL OR json_valid(step_verdict))`),
  // The timeline's counts per UTC hour and environment (by status, expected refusal and quarter
  // hour), kept by triggers as submissions are recorded, change and go, and counted here for
  // those already recorded (timeline.ts, #33): the timeline reads counts instead of grouping
  // every submission.
  (db) => db.exec(TIMELINE_COUNTS_SQL),
];

/**
 * After a send ends: its responses (and since version 9 the ids it was pseudonymized from) become searchable and its size is counted: the batch and the
 * chunks' last answers and, since version 5, every attempt's (the last one is kept twice, and
 * counted twice). A migration calls it with the version it brings the schema to (2), on the
 * schema as it was then.
 */
export function settle(db: DatabaseSync, submissionId: string, schemaVersion = SUBMISSIONS_SCHEMA_VERSION): void {
  const row = db
    .prepare(`SELECT seq, label, note, ${schemaVersion >= 9 ? 'pseudonymized_from' : "'[]'"} AS pseudonymized_from FROM submissions WHERE id = ?`)
    .get(submissionId) as Row | undefined;
  if (!row) return;
  const answers =
    schemaVersion >= 5
      ? '(SELECT submission_id, response_body, error FROM chunks UNION ALL SELECT submission_id, response_body, error FROM chunk_attempts)'
      : 'chunks';
  // The batch's bytes as sent, `[e1,e2,…]`: the parts' events, a comma between parts, the brackets.
  const batchBytes =
    schemaVersion >= 7
      ? '(SELECT coalesce(sum(bytes) + count(*) + 1, 2) FROM batch_parts WHERE submission_id = :submission)'
      : '(SELECT length(CAST(batch AS BLOB)) FROM submission_batches WHERE submission_id = :submission)';
  const responses = (
    db.prepare(`SELECT response_body, coalesce(error, '') AS error FROM ${answers} WHERE submission_id = ?`).all(submissionId) as Row[]
  ).flatMap((chunk) => [String(chunk.response_body), String(chunk.error)]);
  const pseudonymizedFrom = JSON.parse(String(row.pseudonymized_from)) as string[];
  indexNotes(db, Number(row.seq), notesSearchText({ label: String(row.label), note: String(row.note), responses, pseudonymizedFrom }));
  db.prepare(
    `UPDATE submissions SET stored_bytes = ${batchBytes} +
      (SELECT coalesce(sum(length(CAST(response_body AS BLOB))), 0) FROM ${answers} WHERE submission_id = :submission)
    WHERE id = :submission`,
  ).run({ submission: submissionId });
}

function indexNotes(db: DatabaseSync, seq: number, text: string): void {
  db.prepare('DELETE FROM search_notes WHERE rowid = ?').run(seq);
  db.prepare('INSERT INTO search_notes (rowid, text) VALUES (?, ?)').run(seq, text);
}

export const SUBMISSIONS_SCHEMA_VERSION = migrations.length;
