import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCapture } from '../../../features/capture/node/capture-store.ts';
import { createCaptureRequests } from '../../../features/capture/node/captured-requests.ts';

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('a read of the captured requests, while the capture writes', () => {
  let folder = '';
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-capture-wait-'));
    vi.useFakeTimers();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await rm(folder, { recursive: true, force: true });
  });

  function requestsWith(drained: Promise<void>, writing: Promise<void>) {
    const capture = openCapture(path.join(folder, 'capture.sqlite'), { log: () => undefined });
    const requests = createCaptureRequests({
      capture,
      drained: () => drained,
      writing: () => writing,
      clearTraffic: () => undefined,
      secrets: () => [],
      exportAs: () => Promise.resolve(null),
      appVersion: 'test',
    });
    return { capture, requests };
  }

  it('waits for the writer to start, however long that takes, then at most half a second for its queue', async () => {
    const [drained, writing] = [gate(), gate()];
    const { capture, requests } = requestsWith(drained.promise, writing.promise);
    let answered = false;
    const listed = requests.list({ after: null }).then((answer) => ((answered = true), answer));
    await vi.advanceTimersByTimeAsync(5000);
    expect(answered).toBe(false);
    writing.open();
    await vi.advanceTimersByTimeAsync(499);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toBe(true);
    expect((await listed).requests).toEqual([]);
    capture.close();
  });

  it('answers as soon as the queue is written', async () => {
    const [drained, writing] = [gate(), gate()];
    const { capture, requests } = requestsWith(drained.promise, writing.promise);
    let answered = false;
    void requests.list({ after: null }).then(() => (answered = true));
    drained.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBe(true);
    capture.close();
  });
});
