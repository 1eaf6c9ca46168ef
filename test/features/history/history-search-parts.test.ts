import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { HistoryFilterSchema } from '../../../features/history/common/history.ts';
import { batchSearchText, notesSearchText } from '../../../features/history/node/history-search.ts';
import { migrations, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import { historyFilePerTest } from '../../support/history-file.ts';

/** The history's search finds each part of an identifier, after a separator, in a real SQLite file (#15). */

const history = historyFilePerTest('eventdesk-search-parts-');
const ids = (store: SubmissionStore, search: string) => store.list({ limit: 100, filter: HistoryFilterSchema.parse({ search }) }).map((row) => row.id);

const events = [
  {
    token: 'tok_9f2',
    customer_id: 'cust-7781',
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    attributes: { email: 'ann.lee@example.com', page: '/checkout/step-2', ref: 'urn:order:5512', amount: '19.99' },
  },
];

describe('history search by the parts of an identifier', () => {
  it('finds a part after -, _, ., :, / or @ from its start, and the whole id as before', () => {
    const store = history.openStore();
    const batch = JSON.stringify(events);
    const { id } = store.createSubmission(
      {
        environmentId: 'env-a',
        environmentName: 'A',
        environmentColor: '#000000',
        baseUrl: 'https://a.example',
        headers: {},
        batch,
        eventCount: 1,
        batchHash: 'h',
        startedAt: '2026-01-01T00:00:00.000Z',
      },
      [{ firstEvent: 0, eventCount: 1 }],
    );
    store.finish(id, 'ok');
    store.annotate(id, { label: 'ZD-4521', note: '' });
    const other = store.createSubmission(
      {
        environmentId: 'env-a',
        environmentName: 'A',
        environmentColor: '#000000',
        baseUrl: 'https://a.example',
        headers: {},
        batch: '[{"customer_id":"cust-1000"}]',
        eventCount: 1,
        batchHash: 'h2',
        startedAt: '2026-01-01T00:00:01.000Z',
      },
      [{ firstEvent: 0, eventCount: 1 }],
    ).id;
    store.finish(other, 'ok');

    for (const part of [
      '7781',
      '778',
      'cust-7781',
      'cust-77',
      '9f2',
      '4f89',
      '0305e82c3301',
      'lee',
      'example',
      'example.com',
      'step',
      'checkout',
      '5512',
      '99',
      '4521',
      'zd-4521',
    ]) {
      expect(ids(store, part), part).toEqual([id]);
    }
    expect(ids(store, 'cust').sort()).toEqual([id, other].sort());
    // From the start of a part only: not from the middle of one.
    expect(ids(store, '781')).toEqual([]);
    expect(ids(store, 'ust-7781')).toEqual([]);
    expect(ids(store, 'cust-1000')).toEqual([other]);
  });

  it('re-indexes a history written by schema version 7 when it opens it', () => {
    const raw = new DatabaseSync(history.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 7)) step(raw);
    raw.exec('PRAGMA user_version = 7');
    const add =
      raw.prepare(`INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status, label)
      VALUES (?, 'env-a', 'A', '#000000', 'https://a.example', '{}', 1, 'h', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:01.000Z', 'ok', ?) RETURNING seq`);
    const addPart = raw.prepare(
      'INSERT INTO batch_parts (submission_id, first_event, event_count, events, bytes, indexed) VALUES (?, 0, 1, ?, ?, ?) RETURNING id',
    );
    const indexEvents = raw.prepare('INSERT INTO search_events (rowid, text) VALUES (?, ?)');
    const indexNotes = raw.prepare('INSERT INTO search_notes (rowid, text) VALUES (?, ?)');
    const seq = Number((add.get('old-7', 'ZD-4521') as { seq: number }).seq);
    const part = '{"customer_id":"cust-7781"}';
    indexEvents.run(Number((addPart.get('old-7', part, part.length, 1) as { id: number }).id), batchSearchText(`[${part}]`));
    indexNotes.run(seq, notesSearchText({ label: 'ZD-4521', note: '', responses: [] }));
    // A part a crash left unindexed stays so, for the start's recovery to index.
    add.get('cut-7', '');
    addPart.get('cut-7', '{"customer_id":"cust-9"}', 24, 0);
    expect(raw.prepare(`SELECT count(*) AS n FROM search_events WHERE search_events MATCH '"7781"*'`).get()).toEqual({ n: 0 });
    raw.close();

    const store = history.openStore();
    expect(ids(store, '7781')).toEqual(['old-7']);
    expect(ids(store, 'cust-7781')).toEqual(['old-7']);
    expect(ids(store, '4521')).toEqual(['old-7']);
    expect(ids(store, '9')).toEqual([]);
    expect(store.unindexedParts(10)).toEqual([{ submissionId: 'cut-7', firstEvent: 0, eventCount: 1, events: '{"customer_id":"cust-9"}' }]);
  });
});
