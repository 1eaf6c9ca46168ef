import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices } from '../../../app/node/index.ts';
import type { ChannelName, InputOf, OutputOf } from '../../../app/common/ipc.ts';
import { harProblems } from '../../../features/formats/common/har-spec.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { validEvent } from '../../fixtures/events.ts';
import { login, postJson, sendEvents } from '../sandbox/sandbox-client.ts';
import { dataFolder } from './capture-support.ts';

/**
 * The Sandbox tab's requests, read from the capture over the contract, with the app's real
 * services: a real embedded sandbox capturing into a real capture.sqlite in a temp data folder.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

/** The app's services on `folder`, with the save dialog answering `saveTo` (null: cancelled); closed after the test. */
async function app(folder: string, saveTo: string[] = []) {
  const services = await createServices({
    ...nodeServiceDeps(folder),
    dialogs: { chooseFileToOpen: async () => null, chooseFilesToOpen: async () => [], chooseFileToSave: async () => saveTo.shift() ?? null },
    push: createPushSender(() => undefined),
    sandbox: { port: 0 },
  });
  let closed = false;
  const close = async () => {
    if (!closed) await services.close();
    closed = true;
  };
  onTestFinished(close);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  async function call<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> {
    const answer = await dispatch(channel, input, trusted);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as OutputOf<C>;
  }
  return { services, call, dispatch, close };
}

const reasons = (read: OutputOf<'capture:requests'>) => read.requests.map((request) => `${request.path} ${request.status} ${request.reason}`);

describe("the Sandbox tab's captured requests", () => {
  it('lists what the sandbox received from the capture, so it is still there after a restart, with the memory traffic gone', async () => {
    const folder = await dataFolder();
    const first = await app(folder);
    const sandbox = first.services.sandbox!;
    expect((await sendEvents(sandbox, [validEvent({ token: 'kept-1' }), validEvent({ token: 'kept-2' })])).status).toBe(202);
    expect((await sendEvents(sandbox, [validEvent()], { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: 'Bearer stale' })).status).toBe(401);
    const before = await first.call('capture:requests', { after: null });
    expect(reasons(before)).toEqual(['/user/events 401 bad token', '/user/events 202 accepted 2 events', '/oauth2/login 200 logged in']);
    expect(before.reset).toBe(true);
    await first.close();

    const second = await app(folder);
    expect(await second.call('sandbox:traffic', undefined)).toEqual([]);
    const after = await second.call('capture:requests', { after: null });
    expect(after.requests).toEqual(before.requests);
    const status = await second.call('capture:status', undefined);
    expect(status).toMatchObject({ capturing: true, problem: null, requests: 3, events: 2, notCapturedEvents: 0 });
  });

  it('reads only what was written after the newest request held, and starts over when that one is no longer kept', async () => {
    const { services, call } = await app(await dataFolder());
    const sandbox = services.sandbox!;
    await login(sandbox);
    const [newest] = (await call('capture:requests', { after: null })).requests;
    const after = { id: newest!.id, receivedAt: newest!.receivedAt };
    expect(await call('capture:requests', { after })).toMatchObject({ requests: [], reset: false });

    await postJson(`${sandbox.url}/oauth2/login`, { username: 'demo', password: 'guess' });
    await postJson(`${sandbox.url}/nowhere`, {});
    // Asked as the answer goes out (the sandbox:request push): the read waits for the capture's queue.
    expect(reasons(await call('capture:requests', { after }))).toEqual(['/nowhere 404 not-found', '/oauth2/login 401 wrong username or password']);

    expect(await call('capture:requests', { after: { ...after, receivedAt: '2000-01-01T00:00:00.000Z' } })).toMatchObject({
      reset: true,
      requests: [{ path: '/nowhere' }, { path: '/oauth2/login' }, { path: '/oauth2/login' }],
    });
  });

  it('pages back through every request before the oldest held, with the counts read with each page', async () => {
    const { services, call } = await app(await dataFolder());
    const sandbox = services.sandbox!;
    for (let n = 0; n < 4; n++) await sendEvents(sandbox, [validEvent(), validEvent()]);
    const first = await call('capture:requests', { after: null });
    expect(first).toMatchObject({ reset: true, more: false, status: { requests: 8, events: 8 } });
    const ids = first.requests.map((request) => request.id);
    const older = await call('capture:requests', { after: null, before: ids[2]! });
    expect(older).toMatchObject({ reset: false, more: false, status: { requests: 8 } });
    expect(older.requests.map((request) => request.id)).toEqual(ids.slice(3));
    const page = await call('capture:requests', { after: null, before: ids[0]! });
    expect(page.more).toBe(false);
    // Each read's counts are the capture's as it lists: a login and a batch more, and both say so.
    await sendEvents(sandbox, [validEvent()]);
    const newest = first.requests[0]!;
    const since = await call('capture:requests', { after: { id: newest.id, receivedAt: newest.receivedAt } });
    expect(since.requests).toHaveLength(2);
    expect(since.status).toMatchObject({ requests: 10, events: 9 });
  });

  it('keeps no body and no events of a request refused from its headers (a bad API key): the sandbox answers before reading it', async () => {
    const { services, call } = await app(await dataFolder());
    expect((await sendEvents(services.sandbox!, [validEvent(), validEvent()], { apiKey: 'wrong-key', Authorization: 'Bearer stale' })).status).toBe(403);
    const [listed] = (await call('capture:requests', { after: null })).requests;
    expect(listed).toMatchObject({ reason: 'bad API key', eventCount: 0, upstream: null, planErrors: 0, planWarnings: 0 });
    // Its size is the one its headers declared; nothing of it was read.
    expect((await call('capture:request', { id: listed!.id })).request).toMatchObject({ body: '', bodyBytes: expect.any(Number), eventCount: 0 });
  });

  it("opens one request with its events' verdicts, and says plainly when it is gone", async () => {
    const { services, call, dispatch } = await app(await dataFolder());
    const refused = await sendEvents(services.sandbox!, [validEvent(), validEvent({ svc_id: 'x' })]);
    expect(refused.status).toBe(422);
    const [request] = (await call('capture:requests', { after: null })).requests;
    const detail = await call('capture:request', { id: request!.id });
    expect(detail).toMatchObject({
      request: { id: request!.id, status: 422, reason: 'invalid-events: 1 problem', upstream: null },
      accepted: 0,
      refused: 2,
      violations: [],
      unlisted: 0,
    });
    expect(detail.refusedEvents).toEqual([{ index: 1, problems: [expect.objectContaining({ field: 'svc_id' })], problemCount: 1 }]);
    expect(detail.request.headers.authorization).toBe('Bearer ••••');
    expect(await dispatch('capture:request', { id: 9999 }, trusted)).toMatchObject({ ok: false, error: { code: 'capture-request-gone' } });
  });

  it('clears the capture and the memory traffic, saying how much went', async () => {
    const { services, call } = await app(await dataFolder());
    await sendEvents(services.sandbox!, [validEvent(), validEvent()]);
    expect(await call('capture:clear', undefined)).toEqual({ requests: 2, events: 2 });
    expect(await call('capture:requests', { after: null })).toMatchObject({ requests: [], reset: true, more: false });
    expect(await call('sandbox:traffic', undefined)).toEqual([]);
    expect(await call('capture:status', undefined)).toMatchObject({ requests: 0, events: 0 });
  });

  it('exports the chosen requests as HAR 1.2 through the save dialog, masked, oldest first', async () => {
    const folder = await dataFolder();
    const file = path.join(folder, 'requests.har');
    const { services, call } = await app(folder, [file]);
    const sandbox = services.sandbox!;
    const { access_token: token } = await login(sandbox);
    const headers = { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: `Bearer ${token}` };
    await sendEvents(sandbox, [validEvent({ token: 'har-1' })], headers);
    await sendEvents(sandbox, [validEvent({ svc_id: 'x' })], headers);
    const listed = (await call('capture:requests', { after: null })).requests;
    const userEvents = listed.filter((request) => request.path === '/user/events').map((request) => request.id);

    expect(await call('capture:exportHar', { ids: [...listed.map((request) => request.id)] })).toEqual({ path: file, count: 3 });
    const text = await readFile(file, 'utf8');
    const har = JSON.parse(text) as {
      log: { entries: { request: { url: string; postData?: { text: string } }; response: { status: number }; comment: string }[] };
    };
    expect(harProblems(har)).toEqual([]);
    expect(har.log.entries.map((entry) => [new URL(entry.request.url).pathname, entry.response.status])).toEqual([
      ['/oauth2/login', 200],
      ['/user/events', 202],
      ['/user/events', 422],
    ]);
    expect(har.log.entries[1]!.request.postData!.text).toContain('har-1');
    for (const secret of [token, SANDBOX_DEMO_CREDENTIALS.apiKey, SANDBOX_DEMO_CREDENTIALS.password]) expect(text).not.toContain(secret);

    // Cancelled: nothing written, null.
    expect(await call('capture:exportHar', { ids: userEvents })).toBeNull();
  });
});
