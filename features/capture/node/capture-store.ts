import path from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { CaptureRetention, CaptureStatus, CapturedEvent, CapturedRequest, CapturedRequestSummary } from '../common/capture.ts';
import type { ListedRequest } from '../common/capture-requests.ts';
import { captureCap, type CaptureCap } from './capture-cap.ts';
import { LISTED_COLUMNS, SUMMARY_COLUMNS, toListed, toRequest, toSummary, type Row } from './capture-rows.ts';
import { AppError } from '../../../base/common/errors.ts';
import { inTransaction, isDamage, moveDatabase, openSqliteFile, setAsideName, type SqliteFileKind } from '../../../base/node/sqlite-file.ts';
import { bodyEvents, capturedEvents, createEventIndex, EVENT_COLUMNS, type EventIndex } from './capture-events.ts';
import type { CapturedRequestRow } from './capture-record.ts';
import { captureMigrations } from './capture-schema.ts';

/**
 * The capture file: what the sandbox received, kept in the data folder beside the history. For
 * a writer (the sandbox capturing), a file that cannot be opened or is damaged is set aside
 * (renamed with the time in its name) and a fresh one started, said through `log` and in
 * status(): the sandbox answers either way. A reader (`eventdesk capture list`) changes nothing:
 * such a file is refused with capture-unreadable, saying what to do.
 */

export const CAPTURE_FILE_NAME = 'capture.sqlite';

export function captureFileIn(dataFolder: string): string {
  return path.join(dataFolder, CAPTURE_FILE_NAME);
}

/**
 * Two weeks, as a tester comes back to last week's run, and 256 MB, some million events of a
 * couple of hundred bytes: a sandbox left receiving all day trims its oldest requests first.
 */
export const DEFAULT_CAPTURE_RETENTION: CaptureRetention = { days: 14, megabytes: 256 };

const captureFile: SqliteFileKind = {
  migrations: captureMigrations,
  unreadable: (detail) => new AppError('capture-unreadable', 'The capture file could not be opened.', detail),
  newer: (detail) =>
    new AppError('capture-newer', 'The capture file was written by a newer version of EventDesk: capture is off, and nothing was changed in it.', detail),
  migrationFailed: (detail) => new AppError('capture-migration', 'The capture file could not be upgraded.', detail),
  // A request's body (some 100 KB for 500 events) spans 2 pages instead of 27: writing one costs
  // about 0.09 ms instead of 0.23. A file made with smaller pages keeps them.
  pageSize: 65_536,
};

export interface CaptureStoreOptions {
  retention?: CaptureRetention;
  /** Where a file set aside, or a capture that failed, is said (stderr, the app's log). */
  log?: (message: string) => void;
  /** Open to read only: nothing is created, upgraded, moved or written, and a file that cannot be read throws. */
  readOnly?: boolean;
}

/**
 * How long a write waits for another process's (a `capture clear` at the command line): the
 * sandbox's thread waits with it, so briefly; rows it could not write are counted as not captured.
 */
const WRITE_WAIT_MS = 250;

function openTables(file: string, readOnly: boolean) {
  const db = openSqliteFile(file, captureFile, { readOnly });
  try {
    db.exec(`PRAGMA busy_timeout = ${WRITE_WAIT_MS}`);
    // A capture is a debugging record, not the history: an app that crashes loses nothing committed
    // either way, and a power cut that damages the file has it set aside at the next start. Not
    // syncing spares each checkpoint a flush to the disk, a third of what capturing cost the sandbox.
    db.exec('PRAGMA synchronous = OFF');
    // Reading every table once finds a damaged page now rather than mid-flood.
    db.prepare('SELECT count(*) AS n FROM requests').get();
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Why a reader cannot read the file, in one line that says what to do; nothing was changed in it. */
function unreadableToRead(file: string, error: unknown): AppError {
  if (error instanceof AppError && error.code === 'capture-newer') return error;
  const reason = error instanceof AppError ? (error.detail ?? error.message) : String(error);
  const remedy = isDamage(error)
    ? 'is damaged; nothing was changed in it. Move it away, or start "eventdesk sandbox --capture" (or the app), which sets it aside and starts a fresh capture.'
    : 'cannot be read; nothing was changed in it. "eventdesk sandbox --capture" (or the app) opens it to write, bringing one from an older EventDesk up to date, or sets it aside.';
  return new AppError('capture-unreadable', `The capture file ${file} ${remedy}`, reason);
}

function statementsOf(db: DatabaseSync) {
  return {
    insertRequest: db.prepare(`INSERT INTO requests (received_at, duration_ms, method, path, headers, body, body_bytes, body_truncated, status, reason,
      response_headers, response_body, fault, plan, service_id_field, event_count, stored_bytes, event_problems, event_violations,
      upstream_url, upstream_status, upstream_headers, upstream_body, upstream_error, upstream_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    count: db.prepare('UPDATE counters SET value = value + ? WHERE name = ?'),
    counters: db.prepare('SELECT name, value FROM counters'),
    totals: db.prepare('SELECT count(*) AS requests, coalesce(sum(event_count), 0) AS events, coalesce(sum(stored_bytes), 0) AS stored FROM requests'),
    newest: db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM requests ORDER BY id DESC LIMIT ?`),
    request: db.prepare('SELECT * FROM requests WHERE id = ?'),
    allRequests: db.prepare('SELECT * FROM requests ORDER BY id'),
    latestServiceIdField: db.prepare('SELECT service_id_field FROM requests ORDER BY id DESC LIMIT 1'),
    requestsWithEvents: db.prepare(`SELECT ${EVENT_COLUMNS} FROM requests WHERE event_count > 0 ORDER BY id`),
    oldestFirst: db.prepare('SELECT id, stored_bytes FROM requests ORDER BY id'),
    lastBefore: db.prepare('SELECT max(id) AS id FROM requests WHERE received_at < ?'),
    dropRequests: db.prepare('DELETE FROM requests WHERE id <= ?'),
    listedBefore: db.prepare(`SELECT ${LISTED_COLUMNS} FROM requests WHERE id < ? ORDER BY id DESC LIMIT ?`),
    listedAfter: db.prepare(`SELECT ${LISTED_COLUMNS} FROM requests WHERE id > ? ORDER BY id DESC LIMIT ?`),
    oldestId: db.prepare('SELECT min(id) AS id FROM requests'),
  };
}

/** What a reader says of an error reading `file`: the file cannot be read (on opening, or a damaged page met later), or null for any other error. */
export function captureReadError(file: string, error: unknown): AppError | null {
  if (error instanceof AppError && (error.code === 'capture-unreadable' || error.code === 'capture-newer')) return error;
  return isDamage(error) ? unreadableToRead(file, error) : null;
}

export function openCapture(file: string, options: CaptureStoreOptions = {}) {
  const readOnly = options.readOnly ?? false;
  const retention = options.retention ?? DEFAULT_CAPTURE_RETENTION;
  const log = options.log ?? ((message: string) => console.error(message));
  let db: DatabaseSync | null = null;
  let statements: ReturnType<typeof statementsOf> | null = null;
  let index: EventIndex | null = null;
  let cap: CaptureCap | null = null;
  let problem: string | null = null;

  function setAside(error: unknown): void {
    const movedTo = setAsideName(file, new Date());
    try {
      moveDatabase(file, movedTo);
    } catch (moveError) {
      throw new AppError(
        'capture-unreadable',
        `The capture file ${file} cannot be used and could not be set aside: capture is off.`,
        `${String(error)}; moving it: ${String(moveError)}`,
      );
    }
    problem = `The capture file could not be read, so it was set aside as ${movedTo} and a fresh capture started. (${error instanceof AppError ? (error.detail ?? error.message) : String(error)})`;
    log(problem);
  }

  function open(): void {
    try {
      db = openTables(file, readOnly);
    } catch (error) {
      if (readOnly) throw unreadableToRead(file, error);
      if (error instanceof AppError && error.code === 'capture-newer') throw error;
      setAside(error);
      db = openTables(file, readOnly);
    }
    statements = statementsOf(db);
    index = createEventIndex(db);
    cap = readOnly ? null : captureCap(db, file, retention.megabytes);
  }

  function openOrSay(): void {
    try {
      open();
    } catch (error) {
      problem = error instanceof AppError ? `${error.message} ${error.detail ?? ''}`.trim() : String(error);
      log(problem);
    }
  }
  if (readOnly) open();
  else openOrSay();

  function use(): { db: DatabaseSync; statements: ReturnType<typeof statementsOf>; index: EventIndex } {
    if (db === null || statements === null || index === null) throw new AppError('capture-unreadable', problem ?? 'The capture file is not open.');
    return { db, statements, index };
  }

  const transaction = <T>(work: () => T): T => inTransaction(use().db, work);

  function writeRows(rows: readonly CapturedRequestRow[], notCaptured: { events: number; requests: number }, room: CaptureCap): void {
    const { statements: s } = use();
    transaction(() => {
      room.makeRoom(rows.reduce((sum, row) => sum + room.costOf(row.storedBytes), 0));
      for (const row of rows) {
        const { upstream } = row;
        s.insertRequest.run(
          row.receivedAt,
          row.durationMs,
          row.method,
          row.path,
          row.headers,
          row.body,
          row.bodyBytes,
          row.bodyTruncated ? 1 : 0,
          row.status,
          row.reason,
          row.responseHeaders,
          row.responseBody,
          row.fault,
          row.plan,
          row.serviceIdField,
          row.eventCount,
          row.storedBytes,
          row.eventProblems,
          row.eventViolations,
          upstream?.url ?? null,
          upstream?.status ?? null,
          upstream?.headers ?? null,
          upstream?.body ?? null,
          upstream?.error ?? null,
          upstream?.durationMs ?? null,
        );
      }
      if (notCaptured.events > 0) s.count.run(notCaptured.events, 'not_captured_events');
      if (notCaptured.requests > 0) s.count.run(notCaptured.requests, 'not_captured_requests');
    });
    room.settle();
  }

  /**
   * Writes the requests within the cap, a transaction of at most a tenth of it at a time, each
   * making room first; one larger than that is counted as not captured instead.
   */
  function writeWithinCap(rows: readonly CapturedRequestRow[], notCaptured: { events: number; requests: number }): void {
    use();
    if (cap === null) throw new AppError('capture-unreadable', 'The capture file is open to read only.');
    const room = cap;
    const left = { ...notCaptured };
    let group: CapturedRequestRow[] = [];
    let groupBytes = 0;
    const flush = () => {
      writeRows(group, left, room);
      left.events = left.requests = 0;
      group = [];
      groupBytes = 0;
    };
    for (const row of rows) {
      if (!room.fits(row.storedBytes)) {
        left.events += row.eventCount;
        left.requests++;
        continue;
      }
      if (group.length > 0 && groupBytes + room.costOf(row.storedBytes) > room.transactionBytes) flush();
      group.push(row);
      groupBytes += room.costOf(row.storedBytes);
    }
    if (group.length > 0 || left.events > 0 || left.requests > 0) flush();
  }

  /** Drops every request up to `lastId`. */
  function dropThrough(lastId: number): number {
    const { statements: s } = use();
    const dropped = Number(s.dropRequests.run(lastId).changes);
    use().db.exec('PRAGMA incremental_vacuum');
    return dropped;
  }

  function* iterate(statement: StatementSync, ...args: (number | string)[]): Generator<Row> {
    yield* statement.iterate(...args) as Iterable<Row>;
  }

  return {
    file,
    retention,

    /**
     * Keeps the requests in one transaction, with the count of those received but not kept.
     * A file found damaged here is set aside and a fresh one takes the rows.
     */
    write(rows: readonly CapturedRequestRow[], notCaptured: { events: number; requests: number } = { events: 0, requests: 0 }): void {
      try {
        writeWithinCap(rows, notCaptured);
      } catch (error) {
        if (!isDamage(error)) throw error;
        db?.close();
        db = null;
        setAside(error);
        open();
        writeWithinCap(rows, notCaptured);
      }
    },

    /** Opens the file again after another connection (the writer's thread) set it aside and started a fresh one, saying why. */
    reopen(why: string): void {
      db?.close();
      db = null;
      statements = null;
      index = null;
      problem = why;
      openOrSay();
    },

    status(): CaptureStatus {
      const empty = { requests: 0, events: 0, notCapturedEvents: 0, notCapturedRequests: 0, storedBytes: 0 };
      if (db === null || statements === null) return { file, capturing: false, problem, retention, ...empty };
      const totals = statements.totals.get() as Row;
      const counters = new Map((statements.counters.all() as Row[]).map((row) => [String(row.name), Number(row.value)]));
      return {
        file,
        capturing: true,
        problem,
        retention,
        requests: Number(totals.requests),
        events: Number(totals.events),
        notCapturedEvents: counters.get('not_captured_events') ?? 0,
        notCapturedRequests: counters.get('not_captured_requests') ?? 0,
        storedBytes: Number(totals.stored),
      };
    },

    /** The newest `limit` requests, newest first. */
    requests(limit: number): CapturedRequestSummary[] {
      return (use().statements.newest.all(limit) as Row[]).map(toSummary);
    },

    /**
     * A page of what the Sandbox tab lists, newest first: the newest `limit` requests written
     * after `after` (0: from the first), or before `before`; `more` says whether older ones
     * than the page's last are kept.
     */
    listed({ after = 0, before, limit }: { after?: number; before?: number; limit: number }): { requests: ListedRequest[]; more: boolean } {
      const { statements: s } = use();
      const rows = (before === undefined ? s.listedAfter.all(after, limit) : s.listedBefore.all(before, limit)) as Row[];
      const oldest = (s.oldestId.get() as Row).id;
      const last = rows.at(-1);
      return { requests: rows.map(toListed), more: last !== undefined && oldest !== null && Number(oldest) < Number(last.id) };
    },

    request(id: number): CapturedRequest | null {
      const row = use().statements.request.get(id) as Row | undefined;
      return row ? toRequest(row) : null;
    },

    /** A request's events, read from its body (parsed once, then cached with the pages'). */
    eventsOf(requestId: number): CapturedEvent[] {
      return use().index.eventsOf(requestId);
    },

    /** The name the sandbox last gave the service-id field, for reading a filter (svc_id otherwise). */
    serviceIdField(): string {
      const row = use().statements.latestServiceIdField.get() as Row | undefined;
      return row ? String(row.service_id_field) : 'svc_id';
    },

    /**
     * Events in the order they arrived, a page at a time (a virtualized table's rows): the
     * requests the page spans are parsed (about 0.3 ms for 500 events) unless a page before
     * parsed them; where each request's events start is held in memory, a few numbers a request.
     */
    eventsPage(offset: number, limit: number): CapturedEvent[] {
      return use().index.page(offset, limit);
    },

    /** Every captured event in the order it arrived, with what it was: a request's body parsed at a time. */
    *eachEvent(): Generator<{ captured: CapturedEvent; event: unknown }> {
      for (const request of iterate(use().statements.requestsWithEvents)) {
        const events = bodyEvents(String(request.body));
        for (const captured of capturedEvents(request, events)) yield { captured, event: events[captured.index] };
      }
    },

    /** Every captured request, oldest first. */
    *eachRequest(): Generator<CapturedRequest> {
      for (const row of iterate(use().statements.allRequests)) yield toRequest(row);
    },

    /** Empties the capture, the not-captured counts too; says how much went. */
    clear(): { requests: number; events: number } {
      const { statements: s } = use();
      const totals = s.totals.get() as Row;
      transaction(() =>
        use().db.exec(
          `DELETE FROM requests; UPDATE counters SET value = 0 WHERE name <> 'clears'; UPDATE counters SET value = value + 1 WHERE name = 'clears';`,
        ),
      );
      use().db.exec('PRAGMA incremental_vacuum');
      return { requests: Number(totals.requests), events: Number(totals.events) };
    },

    /** Drops requests older than the retention's days, then the oldest until the rest fits its size. Returns how many went. */
    applyRetention(now = new Date()): number {
      const { statements: s } = use();
      let dropped = 0;
      const cutoff = new Date(now.getTime() - retention.days * 86_400_000).toISOString();
      const old = (s.lastBefore.get(cutoff) as Row).id;
      if (old !== null) dropped += dropThrough(Number(old));
      let excess = Number((s.totals.get() as Row).stored) - retention.megabytes * 1024 * 1024;
      let last: number | null = null;
      for (const row of iterate(s.oldestFirst)) {
        if (excess <= 0) break;
        last = Number(row.id);
        excess -= Number(row.stored_bytes);
      }
      if (last !== null) dropped += dropThrough(last);
      return dropped;
    },

    close(): void {
      db?.close();
      db = null;
      statements = null;
    },
  };
}
export type CaptureStore = ReturnType<typeof openCapture>;
