import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { createServices } from '../../../app/node/index.ts';
import type { CaptureCoverage, CaptureSelection } from '../../../features/coverage/common/capture-coverage.ts';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import type { AppErrorShape } from '../../../base/common/errors.ts';
import type { CoverageProgress } from '../../../features/coverage/common/history-coverage.ts';
import { checkEvents } from '../../../features/plans/common/check.ts';
import type { PlanDraft } from '../../../features/plans/common/plan-draft.ts';
import { sendEvents, validEvent } from '../sandbox/sandbox-client.ts';

/**
 * A plan's coverage by what the sandbox captured, and a plan inferred from it, as the Sandbox
 * tab asks for them: the real services with their embedded sandbox capturing into a real
 * capture.sqlite, events posted to it over HTTP, calls through the IPC dispatch.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

const purchase = (n: number) => validEvent({ token: 'purchase', customer_id: `cust-${n}`, attributes: { spend: `${n}.50`, currency: 'EUR' } });
const signup = (n: number) => validEvent({ token: 'signup', customer_id: `cust-${n}`, attributes: { plan: 'free' } });
const debug = validEvent({ token: 'debug', attributes: { on: 'yes' } });
/** Refused (422) in strict mode: svc_id is no number. */
const brokenSignup = validEvent({ token: 'signup', svc_id: 'seven', attributes: { plan: 'pro' } });

/** Unplanned kinds only warn, so the sandbox accepts a batch with one. */
const SHOP = { name: 'shop', version: '3', unplanned: 'warning', events: { purchase: {}, signup: {}, refund: {} } };
const EVERYTHING: CaptureSelection = { from: null, to: null, acceptedOnly: false };

const opened: { close(): Promise<void>; folder: string }[] = [];
afterEach(async () => {
  for (const { close, folder } of opened.splice(0)) {
    await close();
    await rm(folder, { recursive: true, force: true });
  }
});

async function setUp() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-capture-coverage-'));
  const progress: CoverageProgress[] = [];
  const answers: (string | null)[] = [];
  const services = await createServices({
    ...nodeServiceDeps(path.join(folder, 'data')),
    dialogs: { chooseFileToOpen: async () => answers.shift() ?? null, chooseFilesToOpen: async () => [], chooseFileToSave: async () => null },
    push: createPushSender((name, payload) => {
      if (name === 'capture:coverageProgress') progress.push(payload as CoverageProgress);
    }),
    sandbox: { port: 0 },
  });
  const close = () => services.close();
  opened.push({ close, folder });
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const answered = await dispatch(channel, input, trusted);
    if (!answered.ok) throw Object.assign(new Error(answered.error.message), { shape: answered.error });
    return answered.value as T;
  };
  const failure = async (channel: string, input: unknown): Promise<AppErrorShape> => {
    const answered = await dispatch(channel, input, trusted);
    if (answered.ok) throw new Error(`${channel} answered ${JSON.stringify(answered.value)}`);
    return answered.error;
  };
  const planFile = async (name: string, plan: unknown) => {
    const file = path.join(folder, name);
    await writeFile(file, JSON.stringify(plan));
    return file;
  };
  /** Posts each batch to the sandbox, as an SDK does, and waits until the capture holds them all. */
  const post = async (...batches: unknown[][]) => {
    const statuses: number[] = [];
    const before = services.capture!.status().events;
    for (const batch of batches) statuses.push((await sendEvents(services.sandbox!, batch)).status);
    const total = batches.reduce((sum, batch) => sum + batch.length, 0);
    await expect.poll(() => services.capture!.status().events).toBe(before + total);
    return statuses;
  };
  const coverage = (selection: CaptureSelection = EVERYTHING, planFile: string | null = null, runId = 'run-1') =>
    call<CaptureCoverage>('capture:coverage', { runId, selection, planFile });
  return { services, call, failure, answers, planFile, post, coverage, progress };
}

describe('coverage of the capture', () => {
  it("measures the sandbox's plan over every captured event, or only the accepted ones, with progress", async () => {
    const { services, call, answers, planFile, post, coverage, progress } = await setUp();
    answers.push(await planFile('shop.plan.json', SHOP));
    await call('sandbox:choosePlan');
    expect(await post([purchase(1), purchase(2), debug], [brokenSignup, signup(3)])).toEqual([202, 422]);

    // Each post logs in first: the capture holds the logins too, with no events.
    const requests = services.capture!.status().requests;
    expect(requests).toBe(4);
    const all = await coverage();
    expect(all).toMatchObject({
      runId: 'run-1',
      plan: { fileName: 'shop.plan.json', source: 'sandbox' },
      selection: EVERYTHING,
      requests,
      read: requests,
      matching: 2,
      stopped: false,
      coverage: {
        key: 'token',
        events: 5,
        seen: [
          { key: 'purchase', count: 2 },
          { key: 'signup', count: 2 },
        ],
        neverSeen: ['refund'],
        unplanned: [{ key: 'debug', count: 1 }],
        unkeyed: 0,
      },
    });
    expect(progress.at(-1)).toEqual({ runId: 'run-1', read: requests, of: requests, events: 5 });

    const accepted = await coverage({ ...EVERYTHING, acceptedOnly: true }, null, 'run-2');
    expect(accepted).toMatchObject({
      matching: 1,
      coverage: { events: 3, seen: [{ key: 'purchase', count: 2 }], neverSeen: ['refund', 'signup'], unplanned: [{ key: 'debug', count: 1 }] },
    });
  });

  it('reads a time range of when the requests arrived', async () => {
    const { call, answers, planFile, post, coverage } = await setUp();
    answers.push(await planFile('shop.plan.json', SHOP));
    await call('sandbox:choosePlan');
    await post([purchase(1)]);
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post([signup(2)]);

    expect(await coverage({ from: between, to: null, acceptedOnly: false })).toMatchObject({
      requests: 4,
      read: 4,
      matching: 1,
      coverage: { events: 1, seen: [{ key: 'signup', count: 1 }] },
    });
    expect(await coverage({ from: null, to: between, acceptedOnly: false })).toMatchObject({
      matching: 1,
      coverage: { events: 1, seen: [{ key: 'purchase', count: 1 }] },
    });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await coverage({ from: later, to: null, acceptedOnly: false })).toMatchObject({
      requests: 4,
      matching: 0,
      stopped: false,
      coverage: { events: 0, neverSeen: ['purchase', 'refund', 'signup'] },
    });
  });

  it("goes by the active environment's plan when the sandbox has none, a chosen file before either, and says when there is none", async () => {
    const { call, failure, answers, planFile, post, coverage } = await setUp();
    await post([purchase(1), signup(2)]);
    expect(await failure('capture:coverage', { runId: 'r', selection: EVERYTHING, planFile: null })).toMatchObject({
      code: 'coverage-no-plan',
      message: expect.stringContaining('Neither the sandbox nor the active environment'),
    });

    answers.push(await planFile('env.plan.json', { name: 'env', events: { purchase: {} } }));
    const chosen = await call<{ path: string }>('plans:choose');
    const environment = await call<{ environment: { id: string } }>('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'QA', baseUrl: 'https://api.example.com', planFile: chosen.path },
    });
    await call('environments:select', { id: environment.environment.id });
    expect(await coverage()).toMatchObject({
      plan: { fileName: 'env.plan.json', source: 'active' },
      coverage: { seen: [{ key: 'purchase', count: 1 }], unplanned: [{ key: 'signup', count: 1 }] },
    });

    answers.push(await planFile('other.plan.json', { events: { signup: {}, refund: {} } }));
    const other = await call<{ path: string }>('plans:choose');
    expect(await coverage(EVERYTHING, other.path)).toMatchObject({
      plan: { fileName: 'other.plan.json', source: 'chosen' },
      coverage: { seen: [{ key: 'signup', count: 1 }], neverSeen: ['refund'] },
    });
    expect(await failure('capture:coverage', { runId: 'r', selection: EVERYTHING, planFile: '/etc/passwd' })).toMatchObject({
      code: 'coverage-plan-not-chosen',
    });
    expect(
      await failure('capture:coverage', {
        runId: 'r',
        selection: { from: '2026-11-20T10:00:00Z', to: '2026-11-20T09:00:00Z', acceptedOnly: false },
        planFile: null,
      }),
    ).toMatchObject({ code: 'invalid-input' });
  });

  it('stops a run when asked, answering what it counted', async () => {
    const { call, answers, planFile, post, coverage, progress } = await setUp();
    answers.push(await planFile('shop.plan.json', SHOP));
    await call('sandbox:choosePlan');
    await post(...Array.from({ length: 30 }, (_, n) => [purchase(n), signup(n)]));
    const running = coverage(EVERYTHING, null, 'long');
    await call('capture:stopCoverage', { runId: 'long' });
    const stopped = await running;
    expect(stopped.stopped).toBe(true);
    expect(stopped.read).toBeLessThan(60);
    expect(progress.every((step) => step.of === 60)).toBe(true);
  });
});

describe('a plan inferred from the capture', () => {
  it('drafts the kinds captured (all, or accepted only), and the same events pass the draft', async () => {
    const { call, post, services } = await setUp();
    const events = [purchase(1), purchase(2), debug];
    await post(events, [brokenSignup]);

    const draft = await call<PlanDraft>('plans:draft', { source: 'capture' });
    expect(draft).toMatchObject({ kinds: 3, from: '4 events captured (2 requests)', events: 4, planned: 4 });
    const captured = [...services.capture!.eachEvent()].map(({ event }) => event);
    expect(checkEvents(captured, loadPlan(draft.text, 'draft')).violations).toEqual([]);
    // A purchase with an attribute the capture never showed breaks the draft.
    expect(
      checkEvents([{ ...purchase(3), attributes: { spend: '3.50', currency: 'EUR', coupon: 'x' } }], loadPlan(draft.text, 'draft')).violations,
    ).toMatchObject([{ kind: 'attribute-unknown' }]);

    const accepted = await call<PlanDraft>('plans:draft', { source: 'capture', acceptedOnly: true });
    expect(accepted).toMatchObject({ kinds: 2, from: '3 events the sandbox accepted (1 request)' });
    expect(Object.keys((JSON.parse(accepted.text) as { events: object }).events)).toEqual(['debug', 'purchase']);
  });
});
