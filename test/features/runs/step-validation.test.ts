import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStepValidation } from '../../../features/runs/node/step-validation.ts';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import { validEvent } from '../../fixtures/events.ts';
import { bigPlan } from '../../fixtures/hostile/big-plan.ts';

/**
 * A Run's step checked against its environment's tracking plan: a step whose events cover every
 * kind of a large plan compiles them all, in slices, so the thread (the services' one) answers
 * what arrives meanwhile. A task queued as an IPC message is (setImmediate) runs between two
 * slices of the compile, or only after it when the compile holds the thread.
 */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe("a Run's step check", () => {
  it('lets the thread answer other calls while it compiles a plan of 200 kinds', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-step-validation-'));
    folders.push(folder);
    const planFile = path.join(folder, 'big.plan.json');
    const plan = bigPlan(200, 10);
    await writeFile(planFile, JSON.stringify(plan));
    const events = Object.keys(plan.events).map((kind) => validEvent({ token: kind }));
    const order: string[] = [];

    const checked = createStepValidation()({ ...DEFAULT_SETTINGS, planFile }, events).then((counts) => (order.push('checked'), counts));
    // Queued once the plan file is read, as a message arriving while the step's check runs.
    const answered = new Promise<void>((resolve) => setTimeout(() => setImmediate(() => resolve(void order.push('answered'))), 5));
    await Promise.all([checked, answered]);
    expect(order).toEqual(['answered', 'checked']);
    expect(await checked).toMatchObject({ errors: expect.any(Number) });
  });
});
