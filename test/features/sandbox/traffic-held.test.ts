import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { heldBytesOf, pendingRecord, type Exchange } from '../../../features/sandbox/server/traffic-record.ts';
import { createTraffic } from '../../../features/sandbox/server/traffic.ts';

/**
 * Issue 29 item 8: under a flood of large bodies the traffic holds no more than its byte budget,
 * counted as V8 holds it (a string of characters past Latin-1 costs two bytes each), and never
 * the whole body a record was cut from.
 */

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const BODY_LIMIT = 64 * 1024;
const masking = { bodyLimit: BODY_LIMIT, secrets: ['demo-password'] };

/** A body of `bytes` bytes, its start in characters that UTF-8 writes in two bytes and V8 holds in two. */
function wideBody(bytes: number): Buffer {
  return Buffer.from('ā'.repeat(bytes / 2));
}

function exchange(id: number, body: Buffer): Exchange {
  return {
    id,
    time: new Date(0),
    durationMs: 1,
    method: 'POST',
    target: '/user/events',
    headers: { 'content-type': 'application/json' },
    read: { ok: true, body },
    shownRequestBody: body,
    sent: { status: 202, headers: {}, shownBody: Buffer.from('{"accepted":1}'), bytes: 14 },
    fault: null,
    plan: null,
  };
}

async function heldAfterCollecting(): Promise<number> {
  // A WeakRef target lives to the end of the job that made it: collect from a later one.
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The least held over a few collections a moment apart: V8 frees the memory of the buffers it
 * collected on a thread of its own, so on a busy machine one reading can still count some
 * (a fresh-clone run of session 18 read 25.6 MB once, where the process held less than 12).
 */
async function leastHeld(): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let reading = 0; reading < 5; reading++) {
    least = Math.min(least, await heldAfterCollecting());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return least;
}

describe('the traffic under large bodies', () => {
  it('counts a text by what V8 holds for it', () => {
    expect(heldBytesOf('abc')).toBe(3);
    expect(heldBytesOf('aé')).toBe(2);
    expect(heldBytesOf('aā')).toBe(4);
  });

  it('does not keep the whole body a record was cut from', async () => {
    const traffic = createTraffic({ records: 10, totalBytes: 64 * 1024 * 1024 });
    // Made in a function of its own, so no variable of this test keeps the body.
    const whole = ((body: Buffer) => {
      traffic.add(pendingRecord(exchange(1, body), masking));
      return new WeakRef(body);
    })(wideBody(1024 * 1024));
    await heldAfterCollecting();
    expect(whole.deref()).toBeUndefined();
    expect(traffic.list()[0]?.body).toMatchObject({ bytes: 1024 * 1024, truncated: true });
  });

  it('holds at most its byte budget, counted honestly, over many large requests, made or not', async () => {
    const budget = 4 * 1024 * 1024;
    const traffic = createTraffic({ records: 10_000, totalBytes: budget });
    traffic.subscribe(() => undefined);
    const before = await heldAfterCollecting();
    for (let id = 1; id <= 300; id++) {
      traffic.add(pendingRecord(exchange(id, wideBody(900 * 1024)), masking));
      expect(traffic.heldBytes()).toBeLessThanOrEqual(budget);
    }
    const kept = traffic.list();
    const texts = kept.reduce((sum, record) => sum + heldBytesOf(record.body.text) + heldBytesOf(record.response!.body.text), 0);
    expect(texts).toBeLessThanOrEqual(traffic.heldBytes());
    expect(traffic.heldBytes()).toBeLessThanOrEqual(budget);
    // What the process holds for them: the budget and its own slack (records' headers, arrays), not 300 bodies.
    expect((await leastHeld()) - before).toBeLessThan(budget + 8 * 1024 * 1024);
  });
});
