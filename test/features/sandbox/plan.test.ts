import { mkdtemp, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import shop from '../../fixtures/plans/shop.plan.json' with { type: 'json' };
import { AppError } from '../../../base/common/errors.ts';
import type { SandboxPlan } from '../../../features/sandbox/common/sandbox.ts';
import type { PlanChange } from '../../../features/sandbox/server/plan-file.ts';
import { answer, sendEvents, useSandbox, validEvent } from './sandbox-client.ts';

/** The sandbox with a real plan file, over loopback: what strict mode refuses, what both modes record, and a reload. */

/** The guide's example plan (docs/guide/tracking-plans.md), in another version taking other currencies. */
const plan = (version: string, currencies: string[]) => ({ ...shop, version, $defs: { currency: { enum: currencies } } });

async function planFile(content: unknown): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-')), 'shop.plan.json');
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const purchase = (attributes: Record<string, string>) => validEvent({ token: 'purchase', svc_id: 7, attributes });
const good = purchase({ spend: '12.50', currency: 'EUR' });
const yen = purchase({ spend: '12.50', currency: 'YEN' });

describe('the sandbox with a tracking plan', () => {
  it('refuses in strict mode a request whose events break the plan, with each violation listed with its event', async () => {
    const sandbox = await useSandbox({ planFile: await planFile(plan('3', ['EUR', 'USD', 'GBP'])) });
    expect(await answer(sendEvents(sandbox, [good, yen, validEvent()]))).toEqual({
      status: 422,
      body: {
        error: 'plan-violations',
        message: 'The events break the tracking plan shop v3: 2 errors.',
        errors: [
          {
            index: 1,
            field: 'attributes.currency',
            kind: 'attribute-value',
            severity: 'error',
            pointer: '/1/attributes/currency',
            expected: 'one of "EUR", "USD", "GBP"',
            actual: '"YEN"',
            message: 'expected one of "EUR", "USD", "GBP", saw "YEN"',
          },
          {
            index: 2,
            field: 'token',
            kind: 'unplanned-event',
            severity: 'error',
            pointer: '/2/token',
            expected: "a token naming one of the plan's 1 kinds of event",
            actual: '"tok_1"',
            message: 'token "tok_1" names no kind of event in the plan',
          },
        ],
      },
    });
    expect(await answer(sendEvents(sandbox, [good, good]))).toEqual({ status: 202, body: { accepted: 2 } });

    const [accepted, refused] = sandbox.traffic().filter((record) => record.path === '/user/events');
    expect(accepted!.plan).toEqual({ plan: 'shop v3', violations: [], unlisted: 0 });
    expect(refused!.plan!.violations.map((violation) => [violation.index, violation.kind, violation.message])).toEqual([
      [1, 'attribute-value', 'event 2 (/1/attributes/currency): expected one of "EUR", "USD", "GBP", saw "YEN"'],
      [2, 'unplanned-event', 'event 3 (/2/token): token "tok_1" names no kind of event in the plan'],
    ]);
  });

  it("lists its own problems and the plan's together, event by event", async () => {
    const sandbox = await useSandbox({ planFile: await planFile(plan('3', ['EUR'])) });
    const { status, body } = await answer(sendEvents(sandbox, [yen, { ...good, svc_id: 'seven' }]));
    expect(status).toBe(422);
    expect(body).toMatchObject({ error: 'invalid-events', message: '3 problems in the events.' });
    expect((body as { errors: { index: number; field: string; kind?: string }[] }).errors.map(({ index, field, kind }) => [index, field, kind])).toEqual([
      [0, 'attributes.currency', 'attribute-value'],
      [1, 'svc_id', undefined],
      [1, 'svc_id', 'field-value'],
    ]);
  });

  it('lets warnings pass, and records them', async () => {
    const sandbox = await useSandbox({ planFile: await planFile(plan('3', ['EUR'])) });
    expect(await answer(sendEvents(sandbox, [purchase({ spend: '1.00', currency: 'EUR', coupon: 'WINTER' })]))).toEqual({ status: 202, body: { accepted: 1 } });
    const [record] = sandbox.traffic();
    expect(record!.plan!.violations).toMatchObject([{ index: 0, kind: 'attribute-unknown', severity: 'warning', pointer: '/0/attributes/coupon' }]);
  });

  it('in lenient mode never refuses for the plan, and still records every violation', async () => {
    const sandbox = await useSandbox({ mode: 'lenient', planFile: await planFile(plan('3', ['EUR'])) });
    expect(await answer(sendEvents(sandbox, [yen, { token: 'purchase', svc_id: 8 }]))).toEqual({ status: 202, body: { accepted: 2 } });
    expect(sandbox.traffic()[0]!.plan!.violations.map((violation) => [violation.index, violation.kind, violation.pointer])).toEqual([
      [0, 'attribute-value', '/0/attributes/currency'],
      [1, 'attribute-missing', '/1/attributes/spend'],
      [1, 'attribute-missing', '/1/attributes/currency'],
      [1, 'field-value', '/1/svc_id'],
    ]);
  });

  it('reloads the plan when its file changes, keeps the last one while the file is not a plan, and says so', async () => {
    const file = await planFile(plan('3', ['EUR']));
    const sandbox = await useSandbox({ planFile: file });
    const changes: [PlanChange, SandboxPlan | null][] = [];
    sandbox.onPlanChange((changed, change) => changes.push([change, changed]));
    expect((await answer(sendEvents(sandbox, [yen]))).status).toBe(422);

    // Saved the way many editors save: a new file renamed over the old one.
    await writeFile(`${file}.tmp`, JSON.stringify(plan('4', ['EUR', 'YEN'])));
    await rename(`${file}.tmp`, file);
    await expect.poll(() => sandbox.plan()?.label, { timeout: 5000 }).toBe('shop v4');
    expect(changes).toEqual([['reloaded', { file, label: 'shop v4', kinds: 1, problems: [], error: null }]]);
    expect((await answer(sendEvents(sandbox, [yen]))).status).toBe(202);

    await writeFile(file, '{"name": "shop",');
    await expect.poll(() => sandbox.plan()?.error, { timeout: 5000 }).toMatch(/^.*shop\.plan\.json is not JSON: line 1, column 17/);
    expect(changes.at(-1)![0]).toBe('reload-failed');
    expect(sandbox.plan()!.label).toBe('shop v4');
    expect((await answer(sendEvents(sandbox, [yen]))).status).toBe(202);
  });

  it('names the broken kinds of a plan and checks the rest', async () => {
    const broken = { ...plan('3', ['EUR']), events: { ...shop.events, refund: { attributes: { $ref: '#/$defs/nowhere' } } } };
    const sandbox = await useSandbox({ planFile: await planFile(broken) });
    expect(sandbox.plan()!.problems).toEqual(['error: kind "refund", /events/refund/attributes/$ref: $ref "#/$defs/nowhere" points nowhere (left unchecked)']);
    expect(sandbox.info().plan).toMatchObject({ label: 'shop v3', kinds: 2 });
    expect((await answer(sendEvents(sandbox, [yen]))).status).toBe(422);
    expect((await answer(sendEvents(sandbox, [validEvent({ token: 'refund' })]))).status).toBe(202);
  });

  it('refuses to start on a plan it cannot load, and keeps the plan in force when another cannot be loaded', async () => {
    await expect(useSandbox({ planFile: await planFile('{"name": ') })).rejects.toMatchObject({ code: 'plan-not-json' });
    await expect(useSandbox({ planFile: await planFile({ events: {} }) })).rejects.toMatchObject({ code: 'plan-invalid' });
    await expect(useSandbox({ planFile: path.join(os.tmpdir(), 'no-such-folder-eventdesk', 'x.plan.json') })).rejects.toBeInstanceOf(AppError);

    const sandbox = await useSandbox({ planFile: await planFile(plan('3', ['EUR'])) });
    await expect(sandbox.usePlan(await planFile('[]'))).rejects.toMatchObject({ code: 'plan-invalid' });
    expect(sandbox.plan()!.label).toBe('shop v3');
    await sandbox.usePlan(null);
    expect(sandbox.plan()).toBeNull();
    expect(await answer(sendEvents(sandbox, [yen]))).toEqual({ status: 202, body: { accepted: 1 } });
    expect(sandbox.traffic()[0]!.plan).toBeNull();
  });
});
