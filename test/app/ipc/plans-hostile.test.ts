import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { MAX_PLAN_KINDS } from '../../../features/plans/common/plan-limits.ts';
import { validEvent } from '../../fixtures/events.ts';
import { bigPlan } from '../../fixtures/hostile/big-plan.ts';
import hostile from '../../fixtures/hostile/catastrophic-patterns.json' with { type: 'json' };
import type { FileDialogs } from '../../../base/node/ports.ts';

/**
 * Hostile plans through the app's contract, with the real services and their embedded sandbox:
 * a large plan compiles without holding up other calls, a plan past the limits is refused
 * saying which, and events checked against patterns that hang JavaScript's RegExp leave the
 * services answering. The app's IPC calls reach the services as messages, each its own task:
 * a call made from a task of its own (setImmediate) is answered between two slices of a compile,
 * or only after it when the compile holds the thread.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

async function start(dialogs: Partial<FileDialogs>) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plans-hostile-'));
  const services = await createServices({
    ...nodeServiceDeps(path.join(folder, 'data')),
    dialogs: { chooseFileToOpen: async () => null, chooseFilesToOpen: async () => [], chooseFileToSave: async () => null, ...dialogs },
    push: createPushSender(() => undefined),
    sandbox: { port: 0 },
  });
  opened.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  return { folder, services, call: (channel: string, input?: unknown) => dispatch(channel, input, trusted) };
}

/** `channel` called from a task of its own, as an IPC message arrives; `order` gets its name once answered. */
function callAsMessage(call: (channel: string) => Promise<unknown>, channel: string, order: string[]): Promise<unknown> {
  return new Promise((resolve) => setImmediate(() => resolve(call(channel).then((answer) => (order.push(channel), answer)))));
}

describe('hostile plans through the contract', () => {
  it('answers app:info while a large plan compiles', async () => {
    const order: string[] = [];
    const app = await start({ chooseFileToSave: async () => (order.push('compiled'), null) });
    const saving = app.call('plans:save', { text: JSON.stringify(bigPlan(200)) });
    const info = callAsMessage(app.call, 'app:info', order);
    expect(await info).toMatchObject({ ok: true });
    expect(await saving).toEqual({ ok: true, value: null });
    expect(order).toEqual(['app:info', 'compiled']);
  });

  it(`refuses a plan of more than ${MAX_PLAN_KINDS} kinds, saying so`, async () => {
    const app = await start({});
    expect(await app.call('plans:save', { text: JSON.stringify(bigPlan(MAX_PLAN_KINDS + 1, 1)) })).toEqual({
      ok: true,
      value: {
        saved: false,
        problems: [
          `The plan is too large a tracking plan: ${MAX_PLAN_KINDS + 1} kinds of event, more than the ${MAX_PLAN_KINDS} allowed. Split it, or keep only the kinds this work needs.`,
        ],
      },
    });
  });

  it('keeps answering app:info while its sandbox checks events against patterns that backtrack catastrophically in JavaScript', async () => {
    const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plans-hostile-')), 'hostile.plan.json');
    await writeFile(planFile, JSON.stringify(bigPlan(1)));
    const app = await start({ chooseFileToOpen: async () => planFile });
    expect(await app.call('sandbox:choosePlan')).toMatchObject({ ok: true, value: { plan: { file: planFile, kinds: 1, problems: [] } } });
    const url = app.services.sandbox!.url;
    const login = (await (
      await fetch(`${url}/oauth2/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(SANDBOX_DEMO_CREDENTIALS) })
    ).json()) as { access_token: string };
    // 40 characters hang JavaScript's RegExp for hours on the first patterns.
    const attributes = Object.fromEntries(hostile.patterns.map(({ value, tail }, index) => [`attribute_${index}`, `${value.repeat(40)}${tail}`]));
    const order: string[] = [];
    const checked = fetch(`${url}/user/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: `Bearer ${login.access_token}` },
      body: JSON.stringify([validEvent({ token: 'kind_0', attributes })]),
      // A check that hangs the thread fails here, not the run.
      signal: AbortSignal.timeout(15_000),
    }).then((response) => (order.push('checked'), response.status));
    const info = callAsMessage(app.call, 'app:info', order);
    expect(await checked).toBe(422);
    expect(await info).toMatchObject({ ok: true });
    expect(order).toContain('app:info');
  });
});
