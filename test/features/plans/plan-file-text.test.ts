import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_FILE_LIMIT_BYTES, readPlanFileText } from '../../../features/plans/node/plan-file-text.ts';

/** The one reader of plan files for the app and the sandbox: each failure an AppError with its code, naming the file. */

async function failureOf(file: string): Promise<{ code: string; message: string }> {
  try {
    await readPlanFileText(file);
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('The file was read.');
}

describe('readPlanFileText', () => {
  it('reads a UTF-8 plan, and names each file it cannot read with why', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-text-'));
    const file = (name: string) => path.join(folder, name);
    await writeFile(file('shop.plan.json'), '{"name": "Café"}');
    expect(await readPlanFileText(file('shop.plan.json'))).toBe('{"name": "Café"}');

    await writeFile(file('latin1.plan.json'), Buffer.from([0x7b, 0xe9, 0x7d]));
    await writeFile(file('big.plan.json'), Buffer.alloc(PLAN_FILE_LIMIT_BYTES + 1, 0x20));
    await mkdir(file('folder.plan.json'));
    expect(await failureOf(file('gone.plan.json'))).toEqual({ code: 'plan-missing', message: `There is no tracking plan gone.plan.json in ${folder}.` });
    expect(await failureOf(file('latin1.plan.json'))).toEqual({ code: 'plan-not-utf8', message: 'The tracking plan latin1.plan.json is not UTF-8 text.' });
    expect(await failureOf(file('big.plan.json'))).toEqual({
      code: 'plan-too-large',
      message: 'The tracking plan big.plan.json is 8.1 MB; a plan is read up to 8 MB.',
    });
    expect(await failureOf(file('folder.plan.json'))).toEqual({ code: 'plan-unreadable', message: `folder.plan.json in ${folder} is not a file.` });
  });
});
