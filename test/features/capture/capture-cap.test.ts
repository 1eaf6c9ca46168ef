import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authenticated, sendEvents, validEvent } from '../sandbox/sandbox-client.ts';
import { capturingSandbox, dataFolder } from './capture-support.ts';

/**
 * The capture's cap holds while it is written, not at the next retention run: a flood of four
 * clients into a sandbox capturing under a 2 MB cap keeps capture.sqlite and its -wal together
 * within the cap + 10 % whenever they are looked at, and keeps the newest requests.
 */

const CAP_MB = 2;
const CAP_BYTES = CAP_MB * 1024 * 1024;
const CLIENTS = 4;
const REQUESTS_PER_CLIENT = 40;
/** Some 50 KB a request: 160 requests are about four times the cap. */
const EVENTS_PER_REQUEST = 200;

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

describe('the capture cap', () => {
  it('keeps the file and its WAL within the cap + 10 % through a flood, newest kept, and counts a request too large for it', { timeout: 60_000 }, async () => {
    const folder = await dataFolder();
    const { sandbox, store, file, drained } = await capturingSandbox(folder, {}, { retention: { days: 14, megabytes: CAP_MB } });
    const headers = await authenticated(sandbox);
    let largest = 0;
    const sample = setInterval(() => (largest = Math.max(largest, sizeOf(file) + sizeOf(`${file}-wal`))), 5);
    try {
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let n = 0; n < REQUESTS_PER_CLIENT; n++) {
            const events = Array.from({ length: EVENTS_PER_REQUEST }, (_, index) => validEvent({ token: `c${client}-r${n}-e${index}` }));
            expect((await sendEvents(sandbox, events, headers)).status).toBe(202);
          }
        }),
      );
      await drained();
    } finally {
      clearInterval(sample);
    }
    largest = Math.max(largest, sizeOf(file) + sizeOf(`${file}-wal`));
    expect(largest).toBeGreaterThan(CAP_BYTES / 2);
    expect(largest).toBeLessThanOrEqual(CAP_BYTES * 1.1);
    const kept = store.status();
    expect(kept.requests).toBeGreaterThan(10);
    expect(kept.requests).toBeLessThan(CLIENTS * REQUESTS_PER_CLIENT);
    // The newest stayed: each client's last request.
    const newest = store.requests(kept.requests).map((request) => request.id);
    expect(Math.max(...newest)).toBe(CLIENTS * REQUESTS_PER_CLIENT + 1);

    // A request larger than a tenth of the cap is not kept, and is counted as left out.
    const huge = Array.from({ length: 2000 }, (_, index) => validEvent({ token: `huge-${index}` }));
    expect((await sendEvents(sandbox, huge, headers)).status).toBe(202);
    await drained();
    expect(store.status()).toMatchObject({ notCapturedEvents: 2000, notCapturedRequests: 1 });
    expect(sizeOf(file) + sizeOf(`${file}-wal`)).toBeLessThanOrEqual(CAP_BYTES * 1.1);
  });
});
