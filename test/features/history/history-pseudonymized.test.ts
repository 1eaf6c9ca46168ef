import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { createHistoryExport } from '../../../features/history/node/history-export.ts';
import { createSending } from '../../../features/sending/node/sending.ts';
import { migrations, SUBMISSIONS_SCHEMA_VERSION, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import { ExportFormatSchema, HistoryFilterSchema } from '../../../features/history/common/history.ts';
import { pseudonymizedFromText } from '../../../features/history/common/submission.ts';
import { historyFilePerTest } from '../../support/history-file.ts';
import { startSandboxSessions } from '../../support/sandbox-sessions.ts';

/**
 * A pseudonymized send keeps the original ids it was made from in the history only (#32): the
 * real sandbox, the real sender, a real SQLite file.
 */

const history = historyFilePerTest('eventdesk-pseudonymized-');
const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

const ids = (store: SubmissionStore, search: string) => store.list({ limit: 100, filter: HistoryFilterSchema.parse({ search }) }).map((row) => row.id);

const ORIGINAL_DEVICE = '9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d00';
const pseudonymized = [
  {
    token: 'checkout-failed',
    customer_id: 'cust-3fa9c2e01b7d',
    device_id: '0c5e2a7b-1d3f-4e6a-9b8c-7d6e5f4a3b2c',
    svc_id: 7,
    created_at: '2026-11-29 10:00:00',
    attributes: {},
  },
];

async function sendingTo(store: SubmissionStore) {
  const context = await startSandboxSessions(open);
  const sending = createSending({ fetch: (input, init) => fetch(input, init), ...context, submissions: store, push: () => {} });
  open.push({ close: () => sending.dispose() });
  await context.sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: context.info.demoPassword, rememberPassword: true });
  const send = async (pseudonymizedFrom: string[]) => {
    const result = await sending.start(LOCAL_SANDBOX_ID, JSON.stringify(pseudonymized), true, undefined, '', pseudonymizedFrom);
    if (!('started' in result)) throw new Error('not started');
    await expect.poll(() => store.get(result.started.id)?.status, { timeout: 10_000 }).toBe('ok');
    return result.started.id;
  };
  return {
    ...context,
    send,
    historyExport: createHistoryExport({ submissions: store, environments: context.environments, vault: context.vault, appVersion: '1.0.0' }),
  };
}

describe('a send made from pseudonymized ids', () => {
  it('is found by the original customer and device ids, says what it was made from, and neither sends nor exports them', async () => {
    const store = history.openStore();
    const { send, sandbox, historyExport } = await sendingTo(store);
    const id = await send(['cust-7781', ORIGINAL_DEVICE]);
    const other = await send([]);

    expect(store.get(id)!.pseudonymizedFrom).toEqual(['cust-7781', ORIGINAL_DEVICE]);
    expect(store.get(other)!.pseudonymizedFrom).toEqual([]);
    for (const search of ['7781', 'cust-7781', '9b2c1f4e', '5d6a7b8c9d00']) expect(ids(store, search), search).toEqual([id]);

    const sent = JSON.stringify(sandbox.traffic());
    expect(sent).toContain('cust-3fa9c2e01b7d');
    expect(sent).not.toContain('7781');
    for (const format of ExportFormatSchema.options) {
      const { text } = historyExport.build([id], format, false);
      expect(text, format).toContain('cust-3fa9c2e01b7d');
      expect(text, format).not.toContain('7781');
    }
  });

  it('keeps them masked: an id holding the API key is stored without it', async () => {
    const store = history.openStore();
    const { send, info } = await sendingTo(store);
    const id = await send([`cust-${info.demoApiKey}`]);
    expect(JSON.stringify(store.get(id)!.pseudonymizedFrom)).not.toContain(info.demoApiKey);
  });
});

describe('the detail line', () => {
  it('names up to three ids, then how many more', () => {
    expect(pseudonymizedFromText([])).toBeNull();
    expect(pseudonymizedFromText(['cust-7781'])).toBe('Pseudonymized from cust-7781');
    expect(pseudonymizedFromText(['cust-7781', 'dev-1'])).toBe('Pseudonymized from cust-7781 and dev-1');
    expect(pseudonymizedFromText(['a', 'b', 'c'])).toBe('Pseudonymized from a, b and c');
    expect(pseudonymizedFromText(['a', 'b', 'c', 'd', 'e'])).toBe('Pseudonymized from a, b, c and 2 more');
  });
});

describe('a history written by schema version 8', () => {
  it('opens with its sends made from nothing known, found as before', () => {
    const raw = new DatabaseSync(history.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 8)) step(raw);
    raw.exec('PRAGMA user_version = 8');
    const seq = Number(
      (
        raw
          .prepare(
            `INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status, label)
            VALUES ('old-8', 'env-a', 'A', '#000000', 'https://a.example', '{}', 0, 'h', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:01.000Z', 'ok', 'ZD-4521') RETURNING seq`,
          )
          .get() as { seq: number }
      ).seq,
    );
    raw.prepare('INSERT INTO search_notes (rowid, text) VALUES (?, ?)').run(seq, 'ZD-4521');
    raw.close();

    const store = history.openStore();
    expect(store.get('old-8')).toMatchObject({ label: 'ZD-4521', pseudonymizedFrom: [] });
    expect(ids(store, '4521')).toEqual(['old-8']);
    const reopened = new DatabaseSync(history.file);
    expect(reopened.prepare('PRAGMA user_version').get()).toEqual({ user_version: SUBMISSIONS_SCHEMA_VERSION });
    reopened.close();
  });
});
