import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendProgress } from '../../../features/history/common/submission.ts';
import { startServicesThread, warmServicesThread, type ServicesThread, type WarmThread } from '../../../app/host/services-client.ts';
import { admit, type Sender } from '../../../app/ipc/dispatch.ts';
import { noKeyStore, nodeServiceDeps } from '../../../app/host/node-services.ts';
import { OPENAPI_FILE } from '../../../app/node/runtime-files.ts';
import { validEvent } from '../../fixtures/events.ts';

const entry = new URL('../../../app/host/services-thread.ts', import.meta.url);
const appWindow: Sender = { fromAppWindow: true, fromMainFrame: true, url: 'app://eventdesk/index.html' };

const open: { thread: ServicesThread; folder: string }[] = [];
afterEach(async () => {
  for (const { thread, folder } of open.splice(0)) {
    await thread.close();
    await rm(folder, { recursive: true, force: true });
  }
});

async function start(warm?: WarmThread, dataFolder?: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-thread-'));
  const deps = nodeServiceDeps(dataFolder ?? folder);
  const pushes: { name: string; payload: unknown }[] = [];
  const thread = await startServicesThread(
    entry,
    {
      dataFolder: deps.dataFolder,
      appInfo: deps.appInfo,
      captureWriter: deps.captureWriter,
      sandbox: { port: 0, openapiFile: OPENAPI_FILE },
      secretStorage: noKeyStore.status(),
    },
    { cipher: deps.cipher, dialogs: deps.dialogs, clipboard: deps.clipboard, shell: deps.shell, fetch: deps.fetch },
    (name, payload) => pushes.push({ name, payload }),
    warm ? { warm } : {},
  );
  open.push({ thread, folder });
  /** A call as the window makes it: admitted here, answered on the services' thread. */
  const call = async (channel: string, input: unknown) => {
    const admitted = admit(channel, input, appWindow, () => true);
    return admitted.ok ? thread.call(admitted.channel, admitted.input) : admitted.envelope;
  };
  return { thread, pushes, call };
}

/** A batch of events the sandbox accepts, each its own token. */
function batch(events: number): string {
  return JSON.stringify(Array.from({ length: events }, (_, n) => validEvent({ token: `tok-${n}` })));
}

describe('the services on their own thread', () => {
  it('log in, send a batch through the network adapter of this thread, and record it, as on one thread', { timeout: 60_000 }, async () => {
    const { thread, pushes, call } = await start();
    const environments = await call('environments:list', undefined);
    expect(environments).toMatchObject({ ok: true, value: { activeId: 'local-sandbox' } });
    const sandbox = await thread.services.sandbox.info();
    const login = await call('session:login', {
      environmentId: 'local-sandbox',
      username: sandbox.demoUsername,
      password: sandbox.demoPassword,
      rememberPassword: false,
    });
    expect(login).toMatchObject({ ok: true, value: { state: 'active' } });

    const started = await call('send:start', { environmentId: 'local-sandbox', batchText: batch(30), again: false });
    expect(started.ok).toBe(true);
    const id = (started as { value: { started: { id: string } } }).value.started.id;
    for (let wait = 0; wait < 200 && !pushes.some((push) => push.name === 'send:progress' && (push.payload as SendProgress).status !== 'sending'); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pushes.filter((push) => push.name === 'send:progress').at(-1)?.payload).toMatchObject({ submissionId: id, status: 'ok', eventsDone: 30 });
    // The main thread reaches the services by name, as its menus and hand-overs do.
    expect((await thread.services.submissions.get(id))?.status).toBe('ok');
    expect(await thread.services.submissions.count()).toBe(1);
  });

  it('keeps this thread free while a big batch is prepared, recorded and sent there', { timeout: 120_000 }, async () => {
    const { thread, pushes, call } = await start();
    const sandbox = await thread.services.sandbox.info();
    await call('session:login', { environmentId: 'local-sandbox', username: sandbox.demoUsername, password: sandbox.demoPassword, rememberPassword: false });
    const text = batch(20_000);
    // On one thread, preparing and recording 20 000 events blocks the loop for a quarter of a
    // second or more; here this thread only waits. The bound is generous: the figure is the bench's.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = await call('send:start', { environmentId: 'local-sandbox', batchText: text, again: false });
    const id = (started as { value: { started: { id: string } } }).value.started.id;
    for (let wait = 0; wait < 1200 && !pushes.some((push) => push.name === 'send:progress' && (push.payload as SendProgress).status !== 'sending'); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    delay.disable();
    expect((await thread.services.submissions.get(id))?.status).toBe('ok');
    expect(delay.max / 1e6).toBeLessThan(200);
  });

  it('ends by itself once its services have closed, rather than being terminated mid-teardown', { timeout: 30_000 }, async () => {
    const { thread, call } = await start();
    expect((await call('app:info', undefined)).ok).toBe(true);
    await thread.close();
    // A terminated worker exits with code 1; one whose loop ran out, with 0.
    expect(await thread.call('app:info', undefined)).toMatchObject({ ok: false, error: { detail: "The services' thread exited with code 0." } });
  });

  it('refuses before the services hear of it, and brings their errors back as they were', async () => {
    const { thread, call } = await start();
    expect(await call('send:start', { environmentId: 'local-sandbox', batchText: 7, again: false })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await call('send:start', { environmentId: 'nowhere', batchText: '[]', again: false })).toMatchObject({
      ok: false,
      error: { code: 'environment-not-found' },
    });
    await expect(thread.services.sending.resume('no-such-submission')).rejects.toMatchObject({ name: 'AppError', code: 'submission-not-found' });
    await expect((thread.services as unknown as { nothing: { here(): Promise<void> } }).nothing.here()).rejects.toThrow('The services have no nothing.here.');
  });

  it('says why a request got no answer, from the error the network adapter met here', { timeout: 30_000 }, async () => {
    const { thread, call } = await start();
    const sandbox = await thread.services.sandbox.info();
    await call('session:login', { environmentId: 'local-sandbox', username: sandbox.demoUsername, password: sandbox.demoPassword, rememberPassword: false });
    // Point the environment at a port nothing listens on: the refusal's code crosses with its cause.
    const environment = await thread.services.environments.get('local-sandbox');
    const closed = await import('node:net').then(
      ({ createServer }) =>
        new Promise<number>((resolve) => {
          const server = createServer().listen(0, '127.0.0.1', () => {
            const { port } = server.address() as { port: number };
            server.close(() => resolve(port));
          });
        }),
    );
    const created = await thread.services.environments.create({
      settings: { ...environment, name: 'Closed port', baseUrl: `http://127.0.0.1:${closed}`, maxAttempts: 1 },
      apiKey: 'ak_test_closed_0001',
    });
    expect(created.ok).toBe(true);
    const login = await call('session:login', {
      environmentId: (created as { environment: { id: string } }).environment.id,
      username: 'demo',
      password: 'demo-password',
      rememberPassword: false,
    });
    expect(login).toMatchObject({ ok: false, error: { code: 'unreachable', message: expect.stringContaining('Nothing is listening') } });
  });

  it('starts the services in a thread started early, which is told its data folder only when it is taken', { timeout: 30_000 }, async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-warm-'));
    const dataFolder = path.join(parent, 'data');
    try {
      const warm = warmServicesThread(entry);
      // Long enough for its code to load: still no data folder, no history.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(existsSync(dataFolder)).toBe(false);
      const { thread } = await start(warm, dataFolder);
      expect(warm.taken()).toBe(true);
      expect(await thread.services.submissions.count()).toBe(0);
      expect(existsSync(path.join(dataFolder, 'submissions.sqlite'))).toBe(true);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('sends a batch handed to the thread started early, read there while the services were not yet started', { timeout: 30_000 }, async () => {
    const warm = warmServicesThread(entry);
    expect(warm.prepareBatch('batch', { id: 'local-sandbox', variables: [], timeZone: 'UTC' }, batch(3))).toBe(true);
    const { thread, pushes } = await start(warm);
    expect(warm.taken()).toBe(true);
    expect(warm.prepareBatch('late', { id: 'local-sandbox', variables: [], timeZone: 'UTC' }, batch(1))).toBe(false);
    const sandbox = await thread.services.sandbox.info();
    await thread.services.sessions.login({
      environmentId: 'local-sandbox',
      username: sandbox.demoUsername,
      password: sandbox.demoPassword,
      rememberPassword: false,
    });
    const started = await thread.services.sending.start('local-sandbox', { early: 'batch' }, false);
    if (!('started' in started)) throw new Error('not started');
    await expect
      .poll(() => pushes.some((push) => push.name === 'send:progress' && (push.payload as SendProgress).status === 'ok'), { timeout: 10_000 })
      .toBe(true);
    expect(await thread.services.submissions.get(started.started.id)).toMatchObject({ status: 'ok', eventCount: 3 });
  });

  it('starts a new thread when the one started early was discarded', { timeout: 30_000 }, async () => {
    const warm = warmServicesThread(entry);
    await warm.discard();
    expect(warm.take()).toBeNull();
    const { thread } = await start(warm);
    expect(await thread.services.submissions.count()).toBe(0);
  });
});
