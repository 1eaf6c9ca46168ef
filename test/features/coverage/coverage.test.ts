import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { countCoverage } from '../../../features/coverage/node/coverage.ts';
import { historyBatches } from '../../../features/coverage/node/history-batches.ts';
import { createServices } from '../../../app/node/index.ts';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import type { AppErrorShape } from '../../../base/common/errors.ts';
import { emptyHistoryFilter, type HistoryFilterInput } from '../../../features/history/common/history.ts';
import type { CoverageProgress, HistoryCoverage } from '../../../features/coverage/common/history-coverage.ts';

/**
 * A plan's coverage by the history, as the History screen asks for it: the real services on a
 * real data folder (SQLite history, plan files on disk), called through the IPC dispatch.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

const purchase = (n: number) => ({
  token: 'purchase',
  customer_id: `cust-${n}`,
  created_at: '2026-11-20 10:00:00',
  svc_id: 7,
  attributes: { spend: `${n}.50`, currency: 'EUR' },
});
const signup = (n: number) => ({ token: 'signup', customer_id: `cust-${n}`, created_at: '2026-11-20 10:00:00', svc_id: 7, attributes: { plan: 'free' } });
const debug = { token: 'debug', attributes: {} };

const SHOP = { name: 'shop', version: '3', events: { purchase: {}, signup: {}, refund: {} } };

const opened: { close(): Promise<void>; folder: string }[] = [];
afterEach(async () => {
  for (const { close, folder } of opened.splice(0)) {
    await close();
    await rm(folder, { recursive: true, force: true });
  }
});

type Call = <T>(channel: string, input?: unknown) => Promise<T>;

async function setUp() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-coverage-'));
  const progress: CoverageProgress[] = [];
  const onProgress: ((progress: CoverageProgress) => void)[] = [];
  let chosen: string | null = null;
  const services = await createServices({
    ...nodeServiceDeps(path.join(folder, 'data')),
    dialogs: {
      chooseFileToOpen: async (purpose) => (purpose === 'plan' ? chosen : null),
      chooseFilesToOpen: async () => [],
      chooseFileToSave: async () => null,
    },
    push: createPushSender((name, payload) => {
      if (name !== 'history:coverageProgress') return;
      progress.push(payload as CoverageProgress);
      for (const listener of onProgress) listener(payload as CoverageProgress);
    }),
    sandbox: null,
  });
  let closing: Promise<void> | null = null;
  /** Closes the services once, whoever asks first: a test, or the clean-up after it. */
  const close = () => (closing ??= services.close());
  opened.push({ close, folder });
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  const answer = (channel: string, input?: unknown) => dispatch(channel, input, trusted);
  const call: Call = async <T>(channel: string, input?: unknown) => {
    const answered = await answer(channel, input);
    if (!answered.ok) throw Object.assign(new Error(answered.error.message), { shape: answered.error });
    return answered.value as T;
  };
  const failure = async (channel: string, input: unknown): Promise<AppErrorShape> => {
    const answered = await answer(channel, input);
    if (answered.ok) throw new Error(`${channel} answered ${JSON.stringify(answered.value)}`);
    return answered.error;
  };
  /** Writes a plan file and chooses it in the dialog, as a user does. */
  const choosePlan = async (name: string, text: string): Promise<string> => {
    const file = path.join(folder, name);
    await writeFile(file, text);
    chosen = file;
    await call('plans:choose');
    return file;
  };
  /** An active environment naming `planFile` (null: none). */
  const useEnvironment = async (planFile: string | null) => {
    const saved = await call<{ environment: { id: string } }>('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'QA', baseUrl: 'https://api.example.com', planFile },
    });
    await call('environments:select', { id: saved.environment.id });
  };
  /** Records a send in the real history, as a send records it. */
  const recordSent = (events: unknown[], startedAt: string, environmentId = 'env-qa') => {
    const batch = JSON.stringify(events);
    return services.submissions.createSubmission(
      {
        environmentId,
        environmentName: environmentId,
        environmentColor: '#2563eb',
        baseUrl: 'http://127.0.0.1:1',
        headers: {},
        batch,
        eventCount: events.length,
        batchHash: createHash('sha256').update(batch).digest('hex'),
        startedAt,
      },
      [{ firstEvent: 0, eventCount: events.length }],
    );
  };
  const coverage = (filter: HistoryFilterInput, planFile: string | null = null, runId = 'run-1') =>
    call<HistoryCoverage>('history:coverage', { runId, filter, planFile });
  return { services, close, call, failure, choosePlan, useEnvironment, recordSent, coverage, progress, onProgress };
}

/** Three sends on the 18th, 20th and 21st of November. */
function recordThree(recordSent: (events: unknown[], startedAt: string, environmentId?: string) => unknown) {
  recordSent([purchase(1), debug], '2026-11-18T09:00:00.000Z', 'env-old');
  recordSent([purchase(2), purchase(3)], '2026-11-20T09:00:00.000Z');
  recordSent([signup(4), { attributes: {} }], '2026-11-21T09:00:00.000Z');
}

describe('coverage of the history', () => {
  it("measures the active environment's plan over the filter's time range, counting seen, never seen and unplanned kinds", async () => {
    const { choosePlan, useEnvironment, recordSent, coverage, progress } = await setUp();
    await useEnvironment(await choosePlan('shop.plan.json', JSON.stringify(SHOP)));
    recordThree(recordSent);

    const all = await coverage({});
    expect(all).toMatchObject({
      runId: 'run-1',
      plan: { fileName: 'shop.plan.json', source: 'active' },
      matching: 3,
      submissions: 3,
      stopped: false,
      coverage: {
        key: 'token',
        events: 6,
        seen: [
          { key: 'purchase', count: 3 },
          { key: 'signup', count: 1 },
        ],
        neverSeen: ['refund'],
        unplanned: [{ key: 'debug', count: 1 }],
        unkeyed: 1,
      },
    });
    expect(progress.at(-1)).toEqual({ runId: 'run-1', read: 3, of: 3, events: 6 });

    const range = await coverage({ from: '2026-11-19T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' });
    expect(range).toMatchObject({ matching: 1, submissions: 1, filter: { from: '2026-11-19T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' } });
    expect(range.coverage).toMatchObject({ events: 2, seen: [{ key: 'purchase', count: 2 }], neverSeen: ['refund', 'signup'], unplanned: [] });
  });

  it('follows the whole filter the list uses: environment, status and search', async () => {
    const { services, choosePlan, useEnvironment, recordSent, coverage } = await setUp();
    await useEnvironment(await choosePlan('shop.plan.json', JSON.stringify(SHOP)));
    recordThree(recordSent);
    const failed = recordSent([signup(9)], '2026-11-22T09:00:00.000Z');
    services.submissions.finish(failed.id, 'failed');

    expect((await coverage({ environmentIds: ['env-old'] })).coverage).toMatchObject({
      events: 2,
      seen: [{ key: 'purchase', count: 1 }],
      unplanned: [{ key: 'debug', count: 1 }],
    });
    expect((await coverage({ statuses: ['failed'] })).coverage).toMatchObject({ events: 1, seen: [{ key: 'signup', count: 1 }] });
    expect((await coverage({ search: 'cust-4' })).coverage).toMatchObject({ events: 2, seen: [{ key: 'signup', count: 1 }] });
  });

  it('answers an empty coverage for a range that matches nothing', async () => {
    const { choosePlan, useEnvironment, recordSent, coverage } = await setUp();
    await useEnvironment(await choosePlan('shop.plan.json', JSON.stringify(SHOP)));
    recordThree(recordSent);
    const none = await coverage({ from: '2027-01-01T00:00:00.000Z' });
    expect(none).toMatchObject({
      matching: 0,
      submissions: 0,
      stopped: false,
      coverage: { events: 0, seen: [], neverSeen: ['purchase', 'refund', 'signup'], unplanned: [] },
    });
  });

  it('counts against a chosen plan file whose kinds are broken, by its own key', async () => {
    const { choosePlan, useEnvironment, recordSent, coverage } = await setUp();
    await useEnvironment(null);
    recordSent([{ kind: 'a', token: 'x' }, { kind: 'b' }, { kind: 'zz' }], '2026-11-20T09:00:00.000Z');
    // Neither kind compiles: a type that is no type, a pattern that could backtrack without end, a $ref to nowhere.
    const broken = {
      name: 'broken',
      key: 'kind',
      events: { a: { attributes: { type: 'nonsense' } }, b: { attributes: { properties: { x: { pattern: '^(a+)+$' }, y: { $ref: '#/$defs/none' } } } } },
    };
    const file = await choosePlan('broken.plan.json', JSON.stringify(broken));
    const measured = await coverage({}, file);
    expect(measured).toMatchObject({
      plan: { fileName: 'broken.plan.json', source: 'chosen' },
      coverage: {
        key: 'kind',
        seen: [
          { key: 'a', count: 1 },
          { key: 'b', count: 1 },
        ],
        neverSeen: [],
        unplanned: [{ key: 'zz', count: 1 }],
      },
    });
  });

  it('says why there is nothing to measure against: no plan, a file not chosen, a file gone, a text that is no plan', async () => {
    const { failure, choosePlan, useEnvironment } = await setUp();
    await useEnvironment(null);
    const input = (planFile: string | null) => ({ runId: 'r', filter: emptyHistoryFilter, planFile });
    expect(await failure('history:coverage', input(null))).toMatchObject({
      code: 'coverage-no-plan',
      message: expect.stringContaining('names no tracking plan'),
    });
    expect(await failure('history:coverage', input('/etc/passwd'))).toMatchObject({ code: 'coverage-plan-not-chosen' });
    const notJson = await choosePlan('notes.plan.json', '{"name": "shop", events: }');
    expect(await failure('history:coverage', input(notJson))).toMatchObject({
      code: 'coverage-plan-unusable',
      message: expect.stringContaining('is not valid JSON at line 1'),
    });
    const noEvents = await choosePlan('empty.plan.json', '{"name": "shop"}');
    expect(await failure('history:coverage', input(noEvents))).toMatchObject({
      code: 'coverage-plan-unusable',
      message: expect.stringContaining('no "events" object'),
    });
    await rm(noEvents);
    expect(await failure('history:coverage', input(noEvents))).toMatchObject({ code: 'plan-missing' });
    expect(await failure('history:coverage', { runId: '', filter: emptyHistoryFilter, planFile: null })).toMatchObject({ code: 'invalid-input' });
  });

  it('stops when asked and answers what it counted; a new run stops the one under way', async () => {
    const { call, choosePlan, useEnvironment, recordSent, coverage, onProgress } = await setUp();
    await useEnvironment(await choosePlan('shop.plan.json', JSON.stringify(SHOP)));
    for (let day = 1; day <= 20; day++) recordSent([purchase(day), signup(day)], `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`);

    // The first progress comes after the first submission; the stop is heard before the second.
    onProgress.push((progress) => void call('history:stopCoverage', { runId: progress.runId }));
    const stopped = await coverage({}, null, 'stopped');
    expect(stopped).toMatchObject({ matching: 20, submissions: 1, stopped: true, coverage: { events: 2 } });
    onProgress.length = 0;

    const [first, second] = await Promise.all([coverage({}, null, 'first'), coverage({}, null, 'second')]);
    expect(first).toMatchObject({ runId: 'first', stopped: true, submissions: 0 });
    expect(second).toMatchObject({ runId: 'second', stopped: false, submissions: 20, coverage: { events: 40 } });
    // A stop for a run that is over changes nothing.
    expect(await call('history:stopCoverage', { runId: 'first' })).toBeNull();
  });

  it('lets other calls in while it reads a large range', async () => {
    const { call, choosePlan, useEnvironment, recordSent, coverage, onProgress } = await setUp();
    await useEnvironment(await choosePlan('shop.plan.json', JSON.stringify(SHOP)));
    // Some 60,000 events: reading them takes far longer than one slice of the loop.
    const batch = Array.from({ length: 500 }, (_, index) => purchase(index));
    for (let n = 0; n < 120; n++) recordSent(batch, new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString());

    let finished = false;
    let asked = false;
    const answeredWhileReading: boolean[] = [];
    // A call that arrives after the first submission was read, as the page's next call would.
    onProgress.push(() => {
      if (asked) return;
      asked = true;
      setImmediate(() => void call<number>('history:count', { filter: {} }).then((count) => answeredWhileReading.push(count === 120 && !finished)));
    });
    const measured = await coverage({}).then((answer) => ((finished = true), answer));
    expect(measured).toMatchObject({ submissions: 120, coverage: { events: 60_000 } });
    await expect.poll(() => answeredWhileReading).toEqual([true]);
  });

  it('stops a run under way when the services close, and reads no more of the closed history', async () => {
    const { close, choosePlan, useEnvironment, recordSent, coverage, onProgress } = await setUp();
    await useEnvironment(await choosePlan('shop.plan.json', JSON.stringify(SHOP)));
    const batch = Array.from({ length: 500 }, (_, index) => purchase(index));
    for (let n = 0; n < 120; n++) recordSent(batch, new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString());
    let closed: Promise<void> | null = null;
    onProgress.push(() => void (closed ??= close()));
    const measured = await coverage({});
    await closed;
    expect(measured).toMatchObject({ matching: 120, stopped: true });
    expect(measured.submissions).toBeLessThan(120);
  });
});

describe('the parts of a coverage run', () => {
  it('reads the history a page at a time, newest first, one batch per submission', async () => {
    const { recordSent, services } = await setUp();
    for (let day = 1; day <= 5; day++) recordSent([purchase(day)], `2026-11-0${day}T09:00:00.000Z`);
    recordSent([1, 2], '2026-11-06T09:00:00.000Z');
    const batches = [...historyBatches(services.submissions, emptyHistoryFilter, 2)];
    expect(batches).toEqual([[1, 2], ...[5, 4, 3, 2, 1].map((n) => [purchase(n)])]);
  });

  it('goes on past a submission deleted while its page was read, from the last row of the page still there', async () => {
    const { recordSent, services } = await setUp();
    const ids = [1, 2, 3, 4, 5].map((day) => recordSent([purchase(day)], `2026-11-0${day}T09:00:00.000Z`).id);
    // A send under way is never deleted: these ended.
    for (const id of ids) services.submissions.finish(id, 'ok');
    const reading = historyBatches(services.submissions, emptyHistoryFilter, 2);
    expect([reading.next().value, reading.next().value]).toEqual([[purchase(5)], [purchase(4)]]);
    // The page's last row goes, and with it the place the next page would start from.
    expect(services.submissions.delete([ids[3]!])).toBe(1);
    expect([...reading]).toEqual([[purchase(3)], [purchase(2)], [purchase(1)]]);

    const again = historyBatches(services.submissions, emptyHistoryFilter, 2);
    expect(again.next().value).toEqual([purchase(5)]);
    // Every row of the page is gone: there is no place to go on from.
    expect(services.submissions.delete([ids[4]!, ids[2]!])).toBe(2);
    expect(() => [...again]).toThrow('The history changed while it was being read');
  });

  it('counts events from any source given in parts, and stops between parts', async () => {
    const plan = { events: { a: {}, b: {} } };
    const parts = [[{ token: 'a' }], [{ token: 'b' }, { token: 'c' }]];
    const read: number[][] = [];
    const all = await countCoverage(parts, plan, { signal: new AbortController().signal, onPart: (count, events) => read.push([count, events]) });
    expect(all).toMatchObject({ parts: 2, complete: true, coverage: { events: 3, neverSeen: [], unplanned: [{ key: 'c', count: 1 }] } });
    expect(read).toEqual([
      [1, 1],
      [2, 3],
    ]);
    const stop = new AbortController();
    const some = await countCoverage(parts, plan, { signal: stop.signal, onPart: () => stop.abort() });
    expect(some).toMatchObject({ parts: 1, complete: false, coverage: { events: 1, neverSeen: ['b'] } });
  });
});
