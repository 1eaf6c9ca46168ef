import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { createPlanDrafts } from '../../../features/coverage/node/plan-drafts.ts';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import type { AppErrorShape } from '../../../base/common/errors.ts';
import type { InputOf, OutputOf } from '../../../app/common/ipc.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { validEvent } from '../../fixtures/events.ts';
import type { OpenManyPurpose } from '../../../base/node/ports.ts';

/**
 * Drafting a plan through the contract, with the real services on a real data folder: inferred
 * from a batch's text or from files the dialog chose, imported from the fixtures of each
 * export format, saved only once it loads as a plan, and then usable by an environment.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/plans');

const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

async function setUp() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-drafts-'));
  /** What the next dialogs answer, in order; each call recorded. */
  const answers: (string[] | string | null)[] = [];
  const asked: string[] = [];
  const services = await createServices({
    ...nodeServiceDeps(path.join(folder, 'data')),
    dialogs: {
      chooseFileToOpen: async () => null,
      chooseFilesToOpen: async (purpose: OpenManyPurpose) => (asked.push(`open ${purpose}`), (answers.shift() as string[] | undefined) ?? []),
      chooseFileToSave: async (name) => (asked.push(`save ${name}`), (answers.shift() as string | undefined) ?? null),
    },
    push: createPushSender(() => undefined),
    sandbox: null,
  });
  opened.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  async function answer<C extends 'plans:draft' | 'plans:save' | 'plans:use' | 'plans:active' | 'environments:create' | 'environments:select'>(
    channel: C,
    input?: InputOf<C>,
  ) {
    return dispatch(channel, input, trusted) as Promise<{ ok: true; value: OutputOf<C> } | { ok: false; error: AppErrorShape }>;
  }
  async function call<C extends Parameters<typeof answer>[0]>(channel: C, input?: InputOf<C>): Promise<OutputOf<C>> {
    const answered = await answer(channel, input);
    if (!answered.ok) throw new Error(`${answered.error.code}: ${answered.error.message}`);
    return answered.value as OutputOf<C>;
  }
  return { folder, services, answers, asked, answer, call };
}

function purchase(currency: string, spend = '12.50') {
  return validEvent({ token: 'purchase', attributes: { spend, currency } });
}

const batchOf = (events: unknown[]) => JSON.stringify(events, null, 2);

describe('drafting a plan in the app', () => {
  it('infers a plan from the open batch’s text as the command line does: kinds, types, enums, required, notes', async () => {
    const { call } = await setUp();
    const events = [
      ...Array.from({ length: 24 }, (_, index) => purchase(['EUR', 'USD'][index % 2]!)),
      validEvent({ token: 'signup', attributes: { plan: 'pro' } }),
      { attributes: {} },
    ];
    const draft = await call('plans:draft', { source: 'batch', text: batchOf(events), batchName: 'Checkout run', name: 'shop' });
    expect(draft).toMatchObject({ kinds: 2, from: '26 events of Checkout run', events: 26, planned: 25 });
    expect(draft!.notes.join('\n')).toContain('1 event');
    const plan = JSON.parse(draft!.text) as TrackingPlan;
    expect(plan.name).toBe('shop');
    expect(plan.events.purchase!.attributes).toMatchObject({
      required: ['currency', 'spend'],
      additionalProperties: false,
      properties: { currency: { type: 'string', enum: ['EUR', 'USD'] } },
    });
    expect(Object.keys(plan.events)).toEqual(['purchase', 'signup']);
  });

  it('says a batch that is not JSON is no source, and a batch with no key field gives a plan of no kind', async () => {
    const { answer, call } = await setUp();
    const broken = await answer('plans:draft', { source: 'batch', text: '[{"token": ', batchName: 'Batch 2' });
    expect(broken).toMatchObject({
      ok: false,
      error: { code: 'plan-source-format', message: expect.stringMatching(/^Batch 2: The file is not valid JSON at line 1/) },
    });
    const none = await call('plans:draft', { source: 'batch', text: batchOf([purchase('EUR')]), batchName: 'Batch 2', key: 'event_name' });
    expect(none).toMatchObject({ kinds: 0, events: 1, planned: 0 });
  });

  it('infers from batch files the dialog chose, NDJSON and CSV together, each note naming its file', async () => {
    const { folder, answers, asked, call } = await setUp();
    const ndjson = path.join(folder, 'morning.ndjson');
    await writeFile(ndjson, `${JSON.stringify(purchase('EUR'))}\n${JSON.stringify(purchase('GBP'))}\n`);
    const csv = path.join(folder, 'signups.csv');
    await writeFile(
      csv,
      'token,customer_id,device_id,svc_id,created_at,attributes.plan\nsignup,c-1,1b4e28ba-2fa1-41d2-883f-0016d3cca427,12,2026-05-31 09:30:00,pro\n',
    );
    answers.push([ndjson, csv]);
    const draft = await call('plans:draft', { source: 'files' });
    expect(asked).toEqual(['open events']);
    expect(draft).toMatchObject({ kinds: 2, from: '3 events of 2 files', events: 3, planned: 3 });
    expect(draft!.notes).toContainEqual(expect.stringMatching(/^signups\.csv: .*mapped as EventDesk guesses them/));
    expect(Object.keys((JSON.parse(draft!.text) as TrackingPlan).events)).toEqual(['purchase', 'signup']);
  });

  it('answers null when the file dialog is cancelled, and names a file that is no batch', async () => {
    const { folder, answers, answer } = await setUp();
    expect(await answer('plans:draft', { source: 'files' })).toEqual({ ok: true, value: null });
    const notes = path.join(folder, 'notes.txt');
    await writeFile(notes, 'hello there');
    answers.push([notes]);
    expect(await answer('plans:draft', { source: 'files' })).toMatchObject({
      ok: false,
      error: { code: 'plan-source-format', message: 'notes.txt is not a format EventDesk reads (JSON, NDJSON, CSV, HAR or cURL).' },
    });
  });

  it('imports the fixtures of each format: a folder of JSON Schemas, Segment rules, a RudderStack plan', async () => {
    const { answers, asked, call } = await setUp();
    answers.push([path.join(FIXTURES, 'json-schema')]);
    const schemas = await call('plans:draft', { source: 'import', format: 'json-schema', folder: true, name: 'Webshop' });
    expect(schemas).toMatchObject({ kinds: 3, from: '3 files of JSON Schemas', events: null, planned: null });
    expect(Object.keys((JSON.parse(schemas!.text) as TrackingPlan).events)).toEqual(['Checkout Completed', 'Signed Up', 'search-performed']);

    answers.push([path.join(FIXTURES, 'segment-rules.json')]);
    const segment = await call('plans:draft', { source: 'import', format: 'segment' });
    expect(segment).toMatchObject({ kinds: 2, from: '1 file of a Segment Protocols export' });
    expect(segment!.notes).toContain('Left out 1 deprecated rule.');

    answers.push([path.join(FIXTURES, 'rudderstack-tracking-plan.json')]);
    const rudderstack = await call('plans:draft', { source: 'import', format: 'rudderstack' });
    expect(rudderstack!.kinds).toBeGreaterThan(0);
    expect(asked).toEqual(['open plan-export-folder', 'open plan-exports', 'open plan-exports']);
  });

  it('refuses an export that is not the format named, with what was expected', async () => {
    const { answers, answer } = await setUp();
    answers.push([path.join(FIXTURES, 'shop.plan.json')]);
    const refused = await answer('plans:draft', { source: 'import', format: 'segment' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'plan-source-format', message: expect.stringContaining('not a Segment tracking plan export') } });
  });

  it('saves no plan that does not load: not JSON, or a kind whose schema does not compile, each problem said and no dialog asked', async () => {
    const { asked, call } = await setUp();
    expect(await call('plans:save', { text: '{ "name": "shop", ' })).toEqual({
      saved: false,
      problems: [expect.stringMatching(/^The plan is not JSON: line 1/)],
    });
    const broken = { name: 'shop', events: { purchase: { attributes: { type: 'strin' } } } };
    const refused = await call('plans:save', { text: JSON.stringify(broken) });
    expect(refused).toMatchObject({ saved: false, problems: [expect.stringContaining('purchase')] });
    expect(asked).toEqual([]);
  });

  it('saves a sound plan where the user chose, offered as <name>.plan.json, then lets the active environment use it', async () => {
    const { folder, answers, asked, answer, call } = await setUp();
    const text = await readFile(path.join(FIXTURES, 'shop.plan.json'), 'utf8');
    const target = path.join(folder, 'saved', 'shop.plan.json');
    answers.push(target);
    const saved = await call('plans:save', { text });
    expect(saved).toEqual({ saved: true, path: target, name: 'shop.plan.json', warnings: [] });
    expect(asked).toEqual(['save shop.plan.json']);
    expect(await readFile(target, 'utf8')).toBe(text);

    const created = await call('environments:create', { settings: { ...DEFAULT_SETTINGS, name: 'Staging', baseUrl: 'https://api.example.com' } });
    if (!created.ok) throw new Error('the environment was not created');
    const id = created.environment.id;
    await call('environments:select', { id });
    // A file never chosen nor saved in a dialog is refused, whatever the page asks.
    expect(await answer('plans:use', { environmentId: id, path: path.join(folder, 'elsewhere.plan.json') })).toMatchObject({
      ok: false,
      error: { code: 'plan-not-chosen' },
    });
    const used = await call('plans:use', { environmentId: id, path: target });
    expect(used).toMatchObject({ ok: true, environment: { id, name: 'Staging', planFile: target } });
    expect(await call('plans:active')).toMatchObject({ file: target, plan: { name: 'shop', kinds: 1 }, error: null });
  });

  it('holds no more than its limit of files chosen together, events or exports', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-drafts-limit-'));
    const files = [path.join(folder, 'a.json'), path.join(folder, 'b.json')];
    for (const file of files) await writeFile(file, batchOf([purchase('EUR')]));
    const answers = [files, files];
    const drafts = createPlanDrafts({
      dialogs: { chooseFileToOpen: async () => null, chooseFilesToOpen: async () => answers.shift() ?? [], chooseFileToSave: async () => null },
      chosen: new Set(),
      usePlanFile: () => Promise.reject(new Error('not asked')),
      maxSourceChars: 400,
    });
    const refusal = { code: 'file-too-large', message: 'The files chosen hold more than 0 MB together; draft from fewer at a time.' };
    await expect(drafts.draft({ source: 'files' })).rejects.toMatchObject(refusal);
    await expect(drafts.draft({ source: 'import', format: 'json-schema', folder: false })).rejects.toMatchObject(refusal);
  });

  it('answers null when the save dialog is cancelled, and writes nothing', async () => {
    const { call } = await setUp();
    expect(await call('plans:save', { text: await readFile(path.join(FIXTURES, 'shop.plan.json'), 'utf8') })).toBeNull();
  });
});
