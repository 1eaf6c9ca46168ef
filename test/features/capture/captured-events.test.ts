import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CapturedEventsFilter, CapturedSelection } from '../../../features/capture/common/capture-events.ts';
import { createCaptureEvents } from '../../../features/capture/node/captured-events.ts';
import { parseFilter } from '../../../features/transforms/common/filter.ts';
import { createFiles } from '../../../features/documents/node/files.ts';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices } from '../../../app/node/index.ts';
import { answer, authenticated, sendEvents, validEvent } from '../sandbox/sandbox-client.ts';
import { capturingSandbox, dataFolder, type CapturingSandbox } from './capture-support.ts';
import { scriptedDialogs } from '../../e2e/support/dialogs.ts';

/** The Events view's service over a real capture.sqlite, filled by a real sandbox over loopback. */

const all: CapturedEventsFilter = { where: '', verdict: 'any' };

async function eventsOver(capturing: CapturingSandbox, folder: string, limits?: { events: number; bytes: number }) {
  const pushes: number[] = [];
  const { answers, dialogs } = scriptedDialogs();
  const files = createFiles(folder, dialogs);
  const service = createCaptureEvents({
    store: capturing.store,
    onReceived: (listener) => capturing.sandbox.onExchange(listener),
    drained: capturing.drained,
    push: ({ events }) => pushes.push(events),
    saveAs: (name, text) => files.exportAs(name, text),
    ...(limits ? { limits } : {}),
  });
  onTestFinished(() => service.close());
  return { service, pushes, answers };
}

/** Three accepted requests of two events each (customers c-1 to c-6), then one refused: c-7 fine, c-8 with two problems. */
async function fill(capturing: CapturingSandbox): Promise<void> {
  const headers = await authenticated(capturing.sandbox);
  for (let request = 0; request < 3; request++) {
    const events = [1, 2].map((n) =>
      validEvent({ token: `t-${request * 2 + n}`, customer_id: `c-${request * 2 + n}`, attributes: { plan: n === 1 ? 'pro' : 'free' } }),
    );
    expect((await sendEvents(capturing.sandbox, events, headers)).status).toBe(202);
  }
  const refused = [validEvent({ token: 't-7', customer_id: 'c-7' }), validEvent({ token: 't-8', customer_id: 8, colour: 'red' })];
  expect((await answer(sendEvents(capturing.sandbox, refused, headers))).status).toBe(422);
  await capturing.drained();
}

describe('the captured events service', () => {
  it('pages every captured event in arrival order, with its verdict, problems and chosen attributes', async () => {
    const folder = await dataFolder();
    const capturing = await capturingSandbox(folder);
    await fill(capturing);
    const { service } = await eventsOver(capturing, folder);

    const first = await service.page({ ...all, offset: 0, limit: 3, attributes: ['plan', 'missing'] });
    expect(first).toMatchObject({ total: 8, captured: 8 });
    expect(first.rows.map((row) => [row.token, row.customerId, row.verdict, row.attributes])).toEqual([
      ['t-1', 'c-1', 'accepted', ['pro', null]],
      ['t-2', 'c-2', 'accepted', ['free', null]],
      ['t-3', 'c-3', 'accepted', ['pro', null]],
    ]);
    const last = await service.page({ ...all, offset: 6, limit: 10, attributes: [] });
    expect(last.rows.map((row) => [row.token, row.verdict, row.problemCount, row.problems.map((problem) => problem.field)])).toEqual([
      ['t-7', 'refused', 0, []],
      ['t-8', 'refused', 2, ['customer_id', 'colour']],
    ]);
    expect(last.rows[1]).toMatchObject({ customerId: '8', index: 1, attributes: [] });
    expect((await service.page({ ...all, offset: 50, limit: 10, attributes: [] })).rows).toEqual([]);

    const detail = service.event({ requestId: last.rows[1]!.requestId, index: 1 });
    expect(JSON.parse(detail.text!)).toMatchObject({ token: 't-8', customer_id: 8, colour: 'red' });
    expect(detail.request).toMatchObject({ path: '/user/events', status: 422, reason: 'invalid-events: 2 problems' });
    expect(() => service.event({ requestId: last.rows[1]!.requestId, index: 5 })).toThrow(expect.objectContaining({ code: 'capture-event-missing' }));
  });

  it('reads a body that starts with a byte-order mark as the index counted it: its events page, show and copy', async () => {
    const folder = await dataFolder();
    const capturing = await capturingSandbox(folder);
    const events = [validEvent({ token: 't-bom-1', customer_id: 'c-1' }), validEvent({ token: 't-bom-2', customer_id: 'c-2' })];
    await sendEvents(capturing.sandbox, `\ufeff${JSON.stringify(events)}`, await authenticated(capturing.sandbox));
    await capturing.drained();
    const { service } = await eventsOver(capturing, folder);

    const page = await service.page({ ...all, offset: 0, limit: 10, attributes: [] });
    expect(page.rows.map((row) => row.token)).toEqual(['t-bom-1', 't-bom-2']);
    expect(JSON.parse(service.event({ requestId: page.rows[1]!.requestId, index: 1 }).text!)).toMatchObject({ token: 't-bom-2' });
  });

  it("filters by the composer's language and by verdict, and says where a bad expression goes wrong", async () => {
    const folder = await dataFolder();
    const capturing = await capturingSandbox(folder);
    await fill(capturing);
    const { service } = await eventsOver(capturing, folder);

    const pro = await service.page({ where: 'attributes.plan = pro', verdict: 'any', offset: 0, limit: 10, attributes: [] });
    expect(pro.rows.map((row) => row.token)).toEqual(['t-1', 't-3', 't-5', 't-7', 't-8']);
    expect(pro).toMatchObject({ total: 5, captured: 8 });
    const refused = await service.page({ where: '', verdict: 'refused', offset: 0, limit: 10, attributes: [] });
    expect(refused.rows.map((row) => row.token)).toEqual(['t-7', 't-8']);
    const both = await service.page({ where: 'customer_id = 8 or token = t-2', verdict: 'refused', offset: 0, limit: 10, attributes: [] });
    expect(both.rows.map((row) => row.token)).toEqual(['t-8']);
    // A page deep in a filter's list reads only those events.
    expect(
      (await service.page({ where: 'attributes.plan = pro', verdict: 'any', offset: 2, limit: 1, attributes: ['plan'] })).rows.map((row) => [
        row.token,
        row.attributes,
      ]),
    ).toEqual([['t-5', ['pro']]]);

    await expect(service.page({ where: 'customer_id = (', verdict: 'any', offset: 0, limit: 10, attributes: [] })).rejects.toMatchObject({
      code: 'capture-filter',
      message: expect.stringMatching(/^The filter cannot be read: column 15: /),
    });
    // Spaces around it count as the Events view's box shows them, as `eventdesk capture --where` counts them.
    const spaced = ' customer_id = ';
    const cli = parseFilter(spaced);
    expect(cli).toMatchObject({ ok: false, column: 16 });
    await expect(service.page({ where: spaced, verdict: 'any', offset: 0, limit: 10, attributes: [] })).rejects.toMatchObject({
      message: `The filter cannot be read: column 16: ${cli.ok ? '' : cli.message}.`,
    });
  });

  it('stays live: events captured later join the filtered list and the page is told, at most every 250 ms', async () => {
    const folder = await dataFolder();
    const capturing = await capturingSandbox(folder);
    await fill(capturing);
    const { service, pushes } = await eventsOver(capturing, folder);
    const filter = { where: 'attributes.plan = free', verdict: 'any' as const, offset: 0, limit: 10, attributes: [] };
    expect((await service.page(filter)).total).toBe(3);

    const headers = await authenticated(capturing.sandbox);
    for (let n = 0; n < 5; n++) await sendEvents(capturing.sandbox, [validEvent({ token: `late-${n}`, attributes: { plan: 'free' } })], headers);
    await expect.poll(() => pushes.at(-1)).toBe(13);
    // Six requests (a login and five sends) in well under a second: a push or two, not six.
    expect(pushes.length).toBeLessThanOrEqual(3);
    const page = await service.page(filter);
    expect(page).toMatchObject({ total: 8, captured: 13 });
    expect(page.rows.map((row) => row.token).slice(3)).toEqual(['late-0', 'late-1', 'late-2', 'late-3', 'late-4']);
    expect((await service.page({ ...all, offset: 0, limit: 1, attributes: [] })).total).toBe(13);

    // Cleared: a new generation, and the lists start again from what is captured now.
    capturing.store.clear();
    await sendEvents(capturing.sandbox, [validEvent({ token: 'after', attributes: { plan: 'free' } })], headers);
    await expect.poll(() => pushes.at(-1)).toBe(1);
    const after = await service.page(filter);
    expect(after).toMatchObject({ total: 1, captured: 1, generation: page.generation + 1 });
    expect(after.rows.map((row) => row.token)).toEqual(['after']);
  });

  it('takes a selection out as JSON (arrival order, each event once), saves NDJSON where chosen, and refuses a stale one', async () => {
    const folder = await dataFolder();
    const capturing = await capturingSandbox(folder);
    await fill(capturing);
    const { service, answers } = await eventsOver(capturing, folder);
    const { generation } = await service.page({ where: 'customer_id != c-3', verdict: 'any', offset: 0, limit: 1, attributes: [] });
    const selection: CapturedSelection = {
      where: 'customer_id != c-3',
      verdict: 'any',
      generation,
      ranges: [
        [5, 7],
        [0, 2],
        [1, 3],
      ],
    };

    const taken = await service.text(selection);
    expect(taken).toMatchObject({ count: 5, source: '5 captured events (customer_id != c-3)' });
    expect(taken.text.endsWith(']\n')).toBe(true);
    const events = JSON.parse(taken.text) as { token: string }[];
    expect(events.map((event) => event.token)).toEqual(['t-1', 't-2', 't-4', 't-7', 't-8']);
    expect(taken.text).toBe(`${JSON.stringify(events, null, 2)}\n`);

    const target = path.join(folder, 'out.ndjson');
    answers.push(target);
    expect(await service.save({ ...selection, ranges: [[0, 1]] }, 'ndjson')).toEqual({ path: target, count: 1 });
    expect(await readFile(target, 'utf8')).toBe(`${JSON.stringify(events[0])}\n`);
    answers.push(null);
    expect(await service.save(selection, 'json')).toBeNull();

    capturing.store.clear();
    await sendEvents(capturing.sandbox, [validEvent()]);
    await capturing.drained();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(service.text(selection)).rejects.toMatchObject({ code: 'capture-selection-stale' });
  });

  it('refuses a take-out past its bound in events or in text, with what to do instead', async () => {
    const folder = await dataFolder();
    const capturing = await capturingSandbox(folder);
    await fill(capturing);
    const { service } = await eventsOver(capturing, folder, { events: 4, bytes: 600 });
    const { generation } = await service.page({ ...all, offset: 0, limit: 1, attributes: [] });
    await expect(service.text({ ...all, generation, ranges: [[0, 8]] })).rejects.toMatchObject({
      code: 'capture-selection-too-large',
      message: '8 events are more than EventDesk takes out at once (4): narrow the filter, or write them all with "eventdesk capture export".',
    });
    await expect(service.text({ ...all, generation, ranges: [[0, 4]] })).rejects.toMatchObject({
      code: 'capture-selection-too-large',
      message: expect.stringContaining('more than 600 B of text'),
    });
    expect((await service.text({ ...all, generation, ranges: [[0, 1]] })).count).toBe(1);
  });

  it("answers over the contract in the app's services: a page, a bad filter as an error with its code, a page too large refused", async () => {
    const folder = await dataFolder();
    const pushed: unknown[] = [];
    const services = await createServices({
      ...nodeServiceDeps(folder),
      push: createPushSender((name, payload) => name === 'capture:eventsChanged' && pushed.push(payload)),
      sandbox: { port: 0 },
    });
    const appUrl = 'app://eventdesk/index.html';
    const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
    const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
    try {
      expect((await sendEvents(services.sandbox!, [validEvent({ token: 'app-1' }), validEvent({ token: 'app-2' })])).status).toBe(202);
      await expect.poll(() => pushed).toEqual([{ events: 2 }]);
      const page = await dispatch('capture:events', { where: 'token = app-2', verdict: 'any', offset: 0, limit: 10, attributes: ['plan'] }, trusted);
      expect(page).toMatchObject({ ok: true, value: { total: 1, captured: 2, rows: [{ token: 'app-2', verdict: 'accepted', attributes: ['pro'] }] } });
      expect(await dispatch('capture:events', { where: 'token in (a', verdict: 'any', offset: 0, limit: 10, attributes: [] }, trusted)).toMatchObject({
        ok: false,
        error: { code: 'capture-filter' },
      });
      expect(await dispatch('capture:events', { where: '', verdict: 'any', offset: 0, limit: 5000, attributes: [] }, trusted)).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      });
    } finally {
      await services.close();
    }
  });
});
