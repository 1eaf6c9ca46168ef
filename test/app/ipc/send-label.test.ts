import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { LABEL_MAX } from '../../../features/history/common/history.ts';
import { validEvent } from '../../fixtures/events.ts';

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

let services: Services | undefined;
let folder: string | undefined;
afterEach(async () => {
  await services?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
  services = undefined;
  folder = undefined;
});

describe('send:start with a label (a replay names what it replays)', () => {
  it('records the submission under the label from its start, and refuses one longer than a label may be', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-send-label-'));
    services = await createServices({ ...nodeServiceDeps(folder), push: createPushSender(() => undefined), sandbox: { port: 0 } });
    const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
    const sandbox = services.sandbox!.info();
    await dispatch(
      'session:login',
      { environmentId: 'local-sandbox', username: sandbox.demoUsername, password: sandbox.demoPassword, rememberPassword: false },
      trusted,
    );
    const batchText = JSON.stringify([validEvent({ token: 'replayed-1' })]);

    const started = await dispatch(
      'send:start',
      { environmentId: 'local-sandbox', batchText, again: false, label: 'Replay of 1 event from capture.ndjson' },
      trusted,
    );
    expect(started).toMatchObject({ ok: true, value: { started: { label: 'Replay of 1 event from capture.ndjson' } } });
    const id = (started as { value: { started: { id: string } } }).value.started.id;
    for (let poll = 0; poll < 100 && services.submissions.get(id)?.status === 'sending'; poll++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(services.submissions.get(id)).toMatchObject({ status: 'ok', label: 'Replay of 1 event from capture.ndjson' });

    const tooLong = await dispatch('send:start', { environmentId: 'local-sandbox', batchText, again: true, label: 'x'.repeat(LABEL_MAX + 1) }, trusted);
    expect(tooLong).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
