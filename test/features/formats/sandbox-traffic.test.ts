import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../features/formats/common/json.ts';
import { validEvent } from '../../fixtures/events.ts';
import { authenticated, sendEvents, useSandbox } from '../sandbox/sandbox-client.ts';

/** The sandbox's traffic saved from GET /_sandbox/requests, imported as a batch: the events its clients posted, not the records. */

async function savedTraffic(options: Parameters<typeof useSandbox>[0] = {}): Promise<string> {
  const sandbox = await useSandbox({ port: 0, mode: 'strict', ...options });
  const headers = await authenticated(sandbox);
  await sendEvents(sandbox, [validEvent({ customer_id: 'c-1' }), validEvent({ customer_id: 'c-2' })], headers);
  await sendEvents(sandbox, [validEvent({ customer_id: 'c-3', svc_id: 'x' })], headers);
  await sendEvents(sandbox, '[{"token": ', headers);
  await sendEvents(
    sandbox,
    Array.from({ length: 30 }, (_, index) => validEvent({ customer_id: `c-big-${index}` })),
    headers,
  );
  return (await fetch(`${sandbox.url}/_sandbox/requests`)).text();
}

describe('importing the sandbox traffic saved as JSON', () => {
  it('gives the events posted to /user/events, oldest first, refused ones too, and says what it skipped', async () => {
    const result = parseJson(await savedTraffic({ trafficBodyBytes: 4096 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.events.map((event) => event.customer_id)).toEqual(['c-1', 'c-2', 'c-3']);
    expect(result.note).toBe(
      "Found 3 events in 2 posts to /user/events, of 5 requests of the sandbox's traffic. Skipped requests #5: the traffic kept only the start of their bodies; `eventdesk capture export` or the Sandbox tab has them whole. Skipped requests #4: their bodies hold no JSON events.",
    );
  });

  it('says so when no request posted events', async () => {
    const sandbox = await useSandbox({ port: 0 });
    await authenticated(sandbox);
    const result = parseJson(await (await fetch(`${sandbox.url}/_sandbox/requests`)).text());
    expect(result).toEqual({ ok: false, message: "None of the 1 request of the sandbox's traffic in this file posts to /user/events." });
  });

  it('still reads a batch whose events happen to carry method and path fields as events', () => {
    const result = parseJson(JSON.stringify([validEvent({ method: 'POST', path: '/user/events' })]));
    expect(result).toMatchObject({ ok: true, events: [{ method: 'POST' }] });
  });
});
