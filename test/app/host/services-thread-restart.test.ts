import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayloadOf, PushName } from '../../../app/common/ipc.ts';
import type { HostInit } from '../../../app/host/protocol.ts';
import { startServicesThread, type ServicesThread } from '../../../app/host/services-client.ts';
import { stopReason, type ThreadEnd } from '../../../app/host/services-restart.ts';
import { admit, type Sender } from '../../../app/ipc/dispatch.ts';
import { noKeyStore, nodeServiceDeps } from '../../../app/host/node-services.ts';
import { OPENAPI_FILE } from '../../../app/node/runtime-files.ts';
import { starterFiles } from '../../../features/workspace/node/starter.ts';

/**
 * The services' thread stopping by itself (out of memory, a crash): the client starts it again
 * with the same init and adapters, within a limit, tells the page, and what was under way
 * answers a clear error at once.
 */

const appWindow: Sender = { fromAppWindow: true, fromMainFrame: true, url: 'app://eventdesk/index.html' };
const dyingOnCall = new URL('../../fixtures/services-thread-dying-on-call.ts', import.meta.url);
const dyingAlways = new URL('../../fixtures/dying-services-thread.ts', import.meta.url);

const cleanUp: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
});

async function start(entry: URL, sandbox: HostInit['sandbox']) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-restart-'));
  cleanUp.push(() => rm(folder, { recursive: true, force: true }));
  const dataFolder = path.join(folder, 'data');
  const deps = nodeServiceDeps(dataFolder);
  const pushes: { name: PushName; payload: unknown }[] = [];
  const thread: ServicesThread = await startServicesThread(
    entry,
    {
      dataFolder,
      appInfo: deps.appInfo,
      captureWriter: deps.captureWriter,
      sandbox,
      secretStorage: noKeyStore.status(),
    },
    { cipher: deps.cipher, dialogs: deps.dialogs, clipboard: deps.clipboard, shell: deps.shell, fetch: deps.fetch },
    (name, payload) => pushes.push({ name, payload }),
  );
  cleanUp.push(() => thread.close());
  const call = async (channel: string, input?: unknown) => {
    const admitted = admit(channel, input, appWindow, () => true);
    return admitted.ok ? thread.call(admitted.channel, admitted.input) : admitted.envelope;
  };
  /** The pushes about the services stopping, as the page hears them, once `count` have come (at most 20 s). */
  const stops = async (count: number) => {
    for (let wait = 0; wait < 400 && pushes.filter((push) => push.name === 'app:servicesStopped').length < count; wait++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return pushes.filter((push) => push.name === 'app:servicesStopped').map((push) => push.payload as PayloadOf<'app:servicesStopped'>);
  };
  return { folder, dataFolder, thread, pushes, call, stops };
}

describe('a services thread that stops by itself', () => {
  it(
    'is started again: the call under way answers services-restarted, the page is told, the next call works, and the sandbox port and open workspace are back',
    { timeout: 60_000 },
    async () => {
      const { folder, dataFolder, thread, pushes, call, stops } = await start(dyingOnCall, { port: 0, openapiFile: OPENAPI_FILE });
      const root = path.join(folder, 'shop');
      for (const file of starterFiles('Shop events')) {
        await mkdir(path.dirname(path.join(root, file.path)), { recursive: true });
        await writeFile(path.join(root, file.path), file.text);
      }
      await thread.services.workspaces.openGiven(root);
      const port = await thread.services.sandbox.options.port();

      await writeFile(path.join(dataFolder, 'die-on-next-call'), '');
      expect(await call('app:info')).toEqual({
        ok: false,
        error: {
          code: 'services-restarted',
          message: "EventDesk's background services stopped (exit code 3) and were restarted; try again.",
          detail: 'exit code 3',
        },
      });
      expect(await stops(1)).toEqual([{ reason: 'exit code 3', restarted: true }]);

      expect(await call('app:info')).toMatchObject({ ok: true, value: { dataFolder } });
      expect(await call('workspace:current')).toMatchObject({ ok: true, value: { root } });
      // The page heard the workspace again before it heard of the restart, so what it reads then is whole.
      const told = pushes.map((push) => push.name);
      expect(told.lastIndexOf('workspace:changed')).toBeLessThan(told.lastIndexOf('app:servicesStopped'));
      expect(await thread.services.sandbox.options.port()).toBe(port);
      expect((await call('sandbox:info')).ok).toBe(true);
    },
  );

  it('is not started again past the limit: every call then says it gave up and what to do, and it closes without waiting', { timeout: 30_000 }, async () => {
    // This one ends 50 ms after each start: three restarts, then it stays stopped.
    const { thread, call, stops } = await start(dyingAlways, null);
    const pending = call('environments:list');
    expect(await pending).toMatchObject({ ok: false, error: { code: 'services-restarted' } });
    expect(await stops(4)).toEqual([
      ...Array.from({ length: 3 }, () => ({ reason: 'exit code 3', restarted: true })),
      { reason: 'exit code 3', restarted: false },
    ]);
    const gaveUp = {
      ok: false,
      error: {
        code: 'services-stopped',
        message:
          "EventDesk's background services stopped (exit code 3) 4 times within 60 s and are not restarted again: quit and reopen EventDesk. What was recorded before is kept; copy any text typed since, which cannot be saved until then.",
        detail: 'exit code 3',
      },
    };
    expect(await call('app:info')).toEqual(gaveUp);
    await expect(thread.services.submissions.count()).rejects.toMatchObject({ code: 'services-stopped' });
    await thread.close();
  });

  it('says "out of memory" for a thread past its heap limit, and never an error\'s own message', { timeout: 30_000 }, async () => {
    // A real worker out of memory, kept small by its resource limits.
    const worker = new Worker('const kept = []; for (;;) kept.push(new Array(1e5).fill(kept.length));', {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 16 },
    });
    const end = await new Promise<ThreadEnd>((resolve) => {
      let error: ThreadEnd['error'];
      worker.on('error', (raised) => (error = raised));
      worker.on('exit', (exitCode) => resolve({ ...(error ? { error } : {}), exitCode }));
    });
    expect(end.error?.code).toBe('ERR_WORKER_OUT_OF_MEMORY');
    expect(stopReason(end)).toBe('out of memory');
    const leaking = Object.assign(new Error('login failed for password hunter2'), { code: 'ERR_SOMETHING' });
    expect(stopReason({ error: leaking, exitCode: 1 })).toBe('an unexpected error, ERR_SOMETHING');
  });
});
