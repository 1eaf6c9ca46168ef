import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import type { ChannelName } from '../../../app/common/ipc.ts';

/**
 * Services without the embedded sandbox (the command line's, or an app started without it): every
 * call that needs the sandbox answers the same typed error, whichever service it needed.
 */

const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: 'app://eventdesk/index.html' };
let services: Services;
let dispatch: ReturnType<typeof createDispatch>;

beforeAll(async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-no-sandbox-'));
  services = await createServices({ ...nodeServiceDeps(path.join(folder, 'data')), push: createPushSender(() => {}), sandbox: null });
  dispatch = createDispatch(createHandlers(services), (url) => url === trusted.url);
});
afterAll(() => services.close());

describe('without the embedded sandbox', () => {
  it.each<[ChannelName, unknown]>([
    ['sandbox:info', undefined],
    ['sandbox:traffic', undefined],
    ['sandbox:setFaults', { latencyMs: 10 }],
    ['sandbox:clearPlan', undefined],
    ['capture:status', undefined],
    ['capture:request', { id: 1 }],
    ['capture:clear', undefined],
  ])('%s answers no-sandbox, in one wording', async (channel, input) => {
    const answer = await dispatch(channel, input, trusted);
    expect(answer).toEqual({ ok: false, error: { code: 'no-sandbox', message: expect.stringMatching(/^The embedded sandbox is not running here/) } });
  });
});
