import { expect, it } from 'vitest';
import { captureFileIn, openCapture } from '../../../electron/capture/capture-store.ts';
import { createPushSender } from '../../../electron/ipc/dispatch.ts';
import { nodeServiceDeps } from '../../../electron/node-services.ts';
import { createServices } from '../../../electron/services/index.ts';
import { sendEvents, validEvent } from '../sandbox/sandbox-client.ts';
import { dataFolder } from './capture-support.ts';

/** The app's services: the embedded sandbox always captures into the data folder. */

it("keeps what the app's embedded sandbox receives in the data folder's capture.sqlite, across a restart", async () => {
  const folder = await dataFolder();
  const services = await createServices({ ...nodeServiceDeps(folder), push: createPushSender(() => undefined), sandbox: { port: 0 } });
  try {
    expect((await sendEvents(services.sandbox!, [validEvent({ token: 'app-1' }), validEvent({ token: 'app-2' })])).status).toBe(202);
    await expect.poll(() => services.capture!.status().events).toBe(2);
    expect(services.capture!.status()).toMatchObject({ file: captureFileIn(folder), capturing: true, requests: 2 });
  } finally {
    await services.close();
  }
  const reopened = openCapture(captureFileIn(folder));
  expect([...reopened.eachEvent()].map(({ captured }) => captured.token)).toEqual(['app-1', 'app-2']);
  reopened.close();
});
