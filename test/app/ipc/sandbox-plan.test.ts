import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayloadOf } from '../../../app/common/ipc.ts';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { scriptedDialogs } from '../../e2e/support/dialogs.ts';

/** The Sandbox tab's plan over the contract: the real services, a real embedded sandbox, the OS dialog scripted. */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const running: Services[] = [];
afterEach(async () => {
  for (const services of running.splice(0)) await services.close();
});

async function start(dataFolder: string) {
  const { answers, dialogs } = scriptedDialogs();
  const pushed: PayloadOf<'sandbox:planChanged'>[] = [];
  const services = await createServices({
    ...nodeServiceDeps(dataFolder),
    dialogs,
    push: createPushSender((name, payload) => {
      if (name === 'sandbox:planChanged') pushed.push(payload as PayloadOf<'sandbox:planChanged'>);
    }),
    sandbox: { port: 0 },
  });
  running.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  return { answers, pushed, services, call: (channel: string, input?: unknown) => dispatch(channel, input, trusted) };
}

const shop = JSON.stringify({ name: 'shop', version: '3', events: { purchase: { attributes: { required: ['currency'] } } } });

describe("the embedded sandbox's plan", () => {
  it('is chosen in the OS dialog, kept in the sandbox settings, pushed, and used again at the next start', async () => {
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sandbox-plan-'));
    const planFile = path.join(dataFolder, 'shop.plan.json');
    await writeFile(planFile, shop);
    const app = await start(dataFolder);

    // Cancelled: nothing changes.
    expect(await app.call('sandbox:choosePlan')).toMatchObject({ ok: true, value: { plan: null } });
    app.answers.push(planFile);
    const chosen = await app.call('sandbox:choosePlan');
    expect(chosen).toMatchObject({ ok: true, value: { plan: { file: planFile, label: 'shop v3', kinds: 1, problems: [], error: null } } });
    expect(app.pushed).toEqual([{ file: planFile, label: 'shop v3', kinds: 1, problems: [], error: null }]);
    expect(JSON.parse(await readFile(path.join(dataFolder, 'sandbox-settings.json'), 'utf8'))).toEqual({ planFile, port: null, forward: null });

    const notPlan = path.join(dataFolder, 'notes.json');
    await writeFile(notPlan, '{"name": ');
    app.answers.push(notPlan);
    expect(await app.call('sandbox:choosePlan')).toMatchObject({ ok: false, error: { code: 'plan-not-json' } });
    expect(app.services.sandbox!.plan()!.label).toBe('shop v3');
    await app.services.close();
    running.length = 0;

    const again = await start(dataFolder);
    expect((await again.call('sandbox:info')).ok && again.services.sandbox!.plan()).toMatchObject({ file: planFile, label: 'shop v3' });
    expect(await again.call('sandbox:clearPlan')).toMatchObject({ ok: true, value: { plan: null } });
    expect(again.pushed.at(-1)).toBeNull();
    expect(JSON.parse(await readFile(path.join(dataFolder, 'sandbox-settings.json'), 'utf8'))).toEqual({ planFile: null, port: null, forward: null });
  });

  it('starts the app when the remembered plan cannot be loaded, says why, and loads it once the file is back', async () => {
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sandbox-plan-'));
    const planFile = path.join(dataFolder, 'shop.plan.json');
    await writeFile(path.join(dataFolder, 'sandbox-settings.json'), JSON.stringify({ planFile }));
    const app = await start(dataFolder);
    const info = await app.call('sandbox:info');
    expect(info).toMatchObject({ ok: true, value: { plan: { file: planFile, label: null, kinds: 0 } } });
    expect(app.services.sandbox!.plan()!.error).toBe(`There is no tracking plan shop.plan.json in ${dataFolder}.`);

    await writeFile(planFile, shop);
    await expect.poll(() => app.pushed.at(-1)?.label, { timeout: 5000 }).toBe('shop v3');
    await rm(planFile);
  });
});
