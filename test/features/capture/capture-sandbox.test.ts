import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import shop from '../../fixtures/plans/shop.plan.json' with { type: 'json' };
import { authenticated, sendEvents, validEvent } from '../sandbox/sandbox-client.ts';
import { capturingSandbox, dataFolder } from './capture-support.ts';

/** A script acting as an SDK against a capturing sandbox with a tracking plan: the capture holds every event with its verdict. */

const purchase = (n: number, currency: string) => validEvent({ token: 'purchase', svc_id: 7, customer_id: `c-${n}`, attributes: { spend: '12.50', currency } });

async function planFile(): Promise<string> {
  const file = path.join(await dataFolder(), 'shop.plan.json');
  await writeFile(file, JSON.stringify(shop));
  return file;
}

describe('a capturing sandbox', () => {
  it('holds every event of every request, refused or not, with its own problems and its plan violations', async () => {
    const { sandbox, store, drained } = await capturingSandbox(await dataFolder(), { planFile: await planFile(), faults: { failSequence: [500] } });
    const headers = await authenticated(sandbox);
    const sent: { status: number; events: Record<string, unknown>[] }[] = [];
    for (let request = 0; request < 24; request++) {
      const events = Array.from({ length: 5 }, (_, index) => purchase(request * 5 + index, 'EUR'));
      if (request % 3 === 1) events[2] = { ...events[2]!, svc_id: 'seven' };
      if (request % 4 === 2) events[4] = purchase(request * 5 + 4, 'YEN');
      sent.push({ status: (await sendEvents(sandbox, events, headers)).status, events });
    }
    // A request with more violations than the traffic lists (100): the capture keeps every event's.
    const many = Array.from({ length: 150 }, (_, index) => purchase(1000 + index, 'YEN'));
    sent.push({ status: (await sendEvents(sandbox, many, headers)).status, events: many });
    await drained();

    expect(sent[0]!.status).toBe(500);
    expect(sent.filter((request) => request.status === 202).length).toBeGreaterThan(5);
    const captured = store
      .requests(100)
      .reverse()
      .filter((request) => request.path === '/user/events');
    expect(captured.map((request) => request.status)).toEqual(sent.map((request) => request.status));
    expect(captured[0]).toMatchObject({ fault: 'fail-sequence', eventCount: 5 });
    expect(store.status()).toMatchObject({ events: 24 * 5 + 150, notCapturedEvents: 0 });

    const all = [...store.eachEvent()];
    expect(all.map(({ event }) => event)).toEqual(sent.flatMap((request) => request.events));
    for (const { captured: event } of all) {
      const request = captured.find((candidate) => candidate.id === event.requestId)!;
      expect(event.verdict).toBe(request.status === 202 ? 'accepted' : 'refused');
    }
    const ownProblems = all.filter(({ captured: event }) => event.problemCount > 0);
    expect(ownProblems.map(({ captured: event }) => [event.index, event.problems])).toEqual(
      Array.from({ length: 8 }, () => [2, [{ field: 'svc_id', message: 'Must be an integer, not a string.' }]]),
    );
    const yen = all.filter(({ captured: event }) => event.violations.some((violation) => violation.kind === 'attribute-value'));
    expect(yen).toHaveLength(6 + 150);
    expect(yen.at(-1)!.captured.violations).toEqual([
      expect.objectContaining({
        index: 149,
        pointer: '/149/attributes/currency',
        message: 'event 150 (/149/attributes/currency): expected one of "EUR", "USD", "GBP", saw "YEN"',
      }),
    ]);
    expect(captured.at(-1)).toMatchObject({ status: 422, plan: 'shop v3', reason: 'plan-violations: 150 errors' });
    // The traffic still keeps a hundred.
    expect(sandbox.traffic()[0]!.plan).toMatchObject({ unlisted: 50 });
  });
});
