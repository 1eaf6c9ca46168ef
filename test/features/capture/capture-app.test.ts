import { expect, it } from 'vitest';
import { captureFileIn, openCapture } from '../../../features/capture/node/capture-store.ts';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices } from '../../../app/node/index.ts';
import { sendEvents, validEvent } from '../sandbox/sandbox-client.ts';
import { dataFolder } from './capture-support.ts';

/** The app's services: the embedded sandbox always captures into the data folder, and the page reads its status over the contract. */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

it("keeps what the app's embedded sandbox receives in the data folder's capture.sqlite, across a restart", async () => {
  const folder = await dataFolder();
  const services = await createServices({ ...nodeServiceDeps(folder), push: createPushSender(() => undefined), sandbox: { port: 0 } });
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  try {
    expect((await sendEvents(services.sandbox!, [validEvent({ token: 'app-1' }), validEvent({ token: 'app-2' })])).status).toBe(202);
    // Written on the capture's own thread, which may still be loading on a busy machine.
    await expect.poll(() => services.capture!.status().events, { timeout: 10_000 }).toBe(2);
    expect(await dispatch('capture:status', undefined, trusted)).toEqual({
      ok: true,
      value: {
        file: captureFileIn(folder),
        capturing: true,
        problem: null,
        requests: 2,
        events: 2,
        notCapturedEvents: 0,
        notCapturedRequests: 0,
        storedBytes: expect.any(Number),
        retention: { days: 14, megabytes: 256 },
      },
    });
  } finally {
    await services.close();
  }
  const reopened = openCapture(captureFileIn(folder));
  expect([...reopened.eachEvent()].map(({ captured }) => captured.token)).toEqual(['app-1', 'app-2']);
  reopened.close();
});
