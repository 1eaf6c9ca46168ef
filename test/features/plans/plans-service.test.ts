import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { servePlanScript } from '../../../app/electron-main/plan-scripts.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import type { PayloadOf } from '../../../app/common/ipc.ts';
import { PLAN_SCRIPT_PATH, type PlanStatus } from '../../../features/plans/common/plan-status.ts';

/**
 * The plans service with the real services on a real data folder and real plan files: the
 * active environment's plan read and served, reloaded when its file changes, and a file that
 * is gone or broken a status that says so, never a throw.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const SHOP = path.resolve(import.meta.dirname, '../../fixtures/plans/shop.plan.json');
/** Far longer than the reload pause: a change not heard by then is not heard. */
const HEARD_WITHIN_MS = 5000;

const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

async function setUp(options: { chosen?: string | null } = {}) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plans-'));
  const changes: PayloadOf<'plans:changed'>[] = [];
  // What the OS dialog answers next.
  let chosen = options.chosen ?? null;
  const services = await createServices({
    ...nodeServiceDeps(path.join(folder, 'data')),
    dialogs: {
      chooseFileToOpen: async (purpose) => (purpose === 'plan' ? chosen : null),
      chooseFilesToOpen: async () => [],
      chooseFileToSave: async () => null,
    },
    push: createPushSender((name, payload) => {
      if (name === 'plans:changed') changes.push(payload as PayloadOf<'plans:changed'>);
    }),
    sandbox: null,
  });
  opened.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  const call = async <T>(
    channel: 'plans:active' | 'plans:of' | 'plans:choose' | 'environments:create' | 'environments:select' | 'environments:list',
    input?: unknown,
  ): Promise<T> => {
    const answer = await dispatch(channel, input, trusted);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as T;
  };
  /** Makes an environment naming `planFile`, chosen in the dialog as a user does, and makes it the active one. */
  const useEnvironment = async (planFile: string | null) => {
    if (planFile !== null) {
      chosen = planFile;
      await call('plans:choose');
    }
    const saved = await call<{ ok: true; environment: { id: string } }>('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: `With ${planFile}`, baseUrl: 'https://api.example.com', planFile },
    });
    await call('environments:select', { id: saved.environment.id });
  };
  return { folder, services, call, changes, useEnvironment, active: () => call<PlanStatus | null>('plans:active') };
}

/** Waits for the next `plans:changed`, bounded. */
async function nextChange(changes: unknown[], seen: number): Promise<void> {
  const started = Date.now();
  while (changes.length <= seen) {
    if (Date.now() - started > HEARD_WITHIN_MS) throw new Error('No plans:changed was pushed.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the plans service', () => {
  it('has no plan for an environment that names none', async () => {
    const { useEnvironment, active } = await setUp();
    await useEnvironment(null);
    expect(await active()).toBeNull();
  });

  it("reads the active environment's plan and serves its validators by the hash of their text", async () => {
    const { folder, services, useEnvironment, active } = await setUp();
    const file = path.join(folder, 'shop.plan.json');
    await writeFile(file, await readFile(SHOP, 'utf8'));
    await useEnvironment(file);
    const status = await active();
    expect(status).toMatchObject({ file, name: 'shop.plan.json', plan: { name: 'shop', version: '3', kinds: 1 }, problems: [], error: null });
    const hash = PLAN_SCRIPT_PATH.exec(status!.script!)![1]!;
    const served = await servePlanScript(status!.script!, async (asked) => services.plans.script(asked));
    expect(served).toMatchObject({
      status: 200,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Content-Security-Policy': expect.stringContaining("script-src 'self'") },
    });
    expect(new TextDecoder().decode(served!.body)).toContain('export default function planValidators(require)');
    expect(services.plans.script(hash.replace(/^./, hash[0] === 'a' ? 'b' : 'a'))).toBeNull();
    expect(await servePlanScript('/plans/not-a-hash.js', async () => 'never')).toBeNull();
  });

  it("reads any environment's plan, not only the active one's: a replay checks against its target's", async () => {
    const { folder, services, call, useEnvironment } = await setUp();
    const file = path.join(folder, 'shop.plan.json');
    await writeFile(file, await readFile(SHOP, 'utf8'));
    await useEnvironment(file);
    const withPlan = (await call<{ activeId: string }>('environments:list')).activeId;
    await useEnvironment(null);
    const of = (environmentId: string) => call<PlanStatus | null>('plans:of', { environmentId });
    const status = await of(withPlan);
    expect(status).toMatchObject({ environmentId: withPlan, file, plan: { name: 'shop', kinds: 1 }, error: null });
    expect(services.plans.script(PLAN_SCRIPT_PATH.exec(status!.script!)![1]!)).toContain('planValidators');
    expect(await of((await call<{ activeId: string }>('environments:list')).activeId)).toBeNull();
    expect(await of('no-such-environment')).toBeNull();
  });

  it('reads the plan again when its file changes on disk, also when an editor replaces it, and says so', async () => {
    const { folder, useEnvironment, active, changes } = await setUp();
    const file = path.join(folder, 'shop.plan.json');
    const plan = JSON.parse(await readFile(SHOP, 'utf8')) as { events: Record<string, unknown>; $defs: { currency: { enum: string[] } } };
    await writeFile(file, JSON.stringify(plan));
    await useEnvironment(file);
    const first = await active();

    plan.$defs.currency.enum.push('YEN');
    await writeFile(file, JSON.stringify(plan));
    await nextChange(changes, 0);
    expect(changes[0]).toEqual({ file });
    const second = await active();
    expect(second?.script).not.toBe(first?.script);

    // Saved the way many editors save: a new file renamed over the old one.
    plan.events.refund = { attributes: { type: 'object' } };
    await writeFile(`${file}.tmp`, JSON.stringify(plan));
    await rename(`${file}.tmp`, file);
    await nextChange(changes, 1);
    expect((await active())?.plan?.kinds).toBe(2);

    // The file now on disk is a new one: its changes are heard too.
    delete plan.events.refund;
    await writeFile(file, JSON.stringify(plan));
    await nextChange(changes, 2);
    expect((await active())?.plan?.kinds).toBe(1);
  });

  it('reports a broken or deleted plan file as a status with an error naming it, and recovers when it is fixed', async () => {
    const { folder, useEnvironment, active, changes } = await setUp();
    const file = path.join(folder, 'shop.plan.json');
    await writeFile(file, '{\n  "name": "shop",\n  "events": {,}\n}');
    await useEnvironment(file);
    expect(await active()).toMatchObject({
      plan: null,
      script: null,
      error: { code: 'plan-not-json', message: expect.stringMatching(/^shop\.plan\.json is not JSON: line 3, column 14/) },
    });

    await writeFile(file, await readFile(SHOP, 'utf8'));
    await nextChange(changes, 0);
    expect(await active()).toMatchObject({ plan: { name: 'shop' }, error: null });

    await rm(file);
    await nextChange(changes, 1);
    expect(await active()).toMatchObject({ plan: null, error: { code: 'plan-missing', message: `There is no tracking plan shop.plan.json in ${folder}.` } });
  });

  it("lists the plan's own problems, each naming its kind and path, and still serves the rest", async () => {
    const { folder, useEnvironment, active } = await setUp();
    const file = path.join(folder, 'broken-kind.plan.json');
    await writeFile(
      file,
      JSON.stringify({
        name: 'shop',
        events: { purchase: { attributes: { type: 'object' } }, bad: { attributes: { properties: { code: { pattern: '^(a)\\1$' } } } } },
      }),
    );
    await useEnvironment(file);
    const status = await active();
    expect(status?.script).toMatch(PLAN_SCRIPT_PATH);
    expect(status?.problems).toEqual([
      { severity: 'error', text: expect.stringMatching(/^kind "bad", \/events\/bad\/attributes\/properties\/code\/pattern: /) },
    ]);
  });

  it('asks the OS dialog for a plan file, and an environment takes only a file chosen there, a whole path to a .json file', async () => {
    const { call } = await setUp({ chosen: '/home/ana/plans/shop.plan.json' });
    type Saved = { ok: boolean; problems?: { field: string; message: string }[] };
    const create = (name: string, planFile: string) =>
      call<Saved>('environments:create', { settings: { ...DEFAULT_SETTINGS, name, baseUrl: 'https://api.example.com', planFile } });
    // A path the page names without the dialog is not read: it could be any file on the computer.
    expect(await create('Unchosen', '/home/ana/plans/shop.plan.json')).toMatchObject({
      ok: false,
      problems: [{ field: 'planFile', message: expect.stringContaining('Choose…') }],
    });
    expect(await call('plans:choose')).toEqual({ path: '/home/ana/plans/shop.plan.json', name: 'shop.plan.json' });
    expect(await create('Chosen', '/home/ana/plans/shop.plan.json')).toMatchObject({ ok: true });
    expect(await create('Relative', 'shop.plan.json')).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.objectContaining({ field: 'planFile' })]),
    });
    expect(await create('Not JSON', '/etc/passwd')).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.objectContaining({ field: 'planFile' })]),
    });
  });
});
