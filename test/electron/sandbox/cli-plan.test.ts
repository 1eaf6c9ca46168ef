import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../shared/sandbox.ts';
import { runSandbox, spawnSandbox } from './cli-process.ts';
import { answer, postJson, validEvent } from './sandbox-client.ts';

/** `eventdesk sandbox --plan FILE`, spawned as a user runs it. */

const attributes = (currencies: string[]) => ({ type: 'object', required: ['currency'], properties: { currency: { enum: currencies } } });
const shop = (version: string, currencies: string[]) => ({ name: 'shop', version, events: { purchase: { attributes: attributes(currencies) }, refund: { attributes: { pattern: '(' } } } });

async function writePlan(content: unknown): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-cli-plan-')), 'shop.plan.json');
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('eventdesk sandbox --plan', () => {
  it('refuses events that break the plan, names the broken kinds on stderr, and reloads the plan when it is edited', async () => {
    const file = await writePlan(shop('3', ['EUR']));
    const sandbox = await runSandbox(['--port', '0', '--plan', file]);
    expect(sandbox.output()).toContain(`  plan       shop v3 (${file}), 2 kinds: a request whose events break it gets 422; editing the file reloads it`);
    expect(sandbox.stderr()).toContain(`${file}: error: kind "refund", /events/refund/attributes/pattern: `);
    expect(sandbox.stderr()).toContain('(left unchecked)');

    const login = (await (await postJson(`${sandbox.url}/oauth2/login`, SANDBOX_DEMO_CREDENTIALS)).json()) as { access_token: string };
    const headers = { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: `Bearer ${login.access_token}` };
    const send = (currency: string) => answer(postJson(`${sandbox.url}/user/events`, [validEvent({ token: 'purchase', attributes: { currency } })], headers));
    expect(await send('YEN')).toMatchObject({ status: 422, body: { error: 'plan-violations', errors: [{ index: 0, field: 'attributes.currency', kind: 'attribute-value' }] } });
    expect((await send('EUR')).status).toBe(202);

    await writeFile(file, JSON.stringify(shop('4', ['EUR', 'YEN'])));
    await expect.poll(() => sandbox.stderr(), { timeout: 5000 }).toContain(`Plan ${file} reloaded: shop v4, 2 kinds.`);
    expect((await send('YEN')).status).toBe(202);
    await writeFile(file, '{');
    await expect.poll(() => sandbox.stderr(), { timeout: 5000 }).toMatch(/not reloaded: .*is not JSON: line 1, column 2.* Events are still checked against shop v4\./);

    sandbox.child.kill('SIGTERM');
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
  });

  it.each([
    ['not JSON', '{"name": "shop", ', /--plan: .*shop\.plan\.json is not JSON: line 1, column 18/],
    ['no plan', { name: 'shop' }, /--plan: .*shop\.plan\.json is not a tracking plan: \/: missing "events"\./],
  ])('stops with exit code 2 and a clear line on a plan that is %s', async (_what, content, message) => {
    const started = spawnSandbox(['--port', '0', '--plan', await writePlan(content)]);
    expect(await started.exited).toEqual({ code: 2, signal: null });
    expect(started.stderr()).toMatch(message);
    expect(started.output()).not.toContain('listening');
  });

  it('stops with exit code 2 on a plan file it cannot read', async () => {
    const missing = path.join(os.tmpdir(), 'eventdesk-no-such-plan', 'shop.plan.json');
    const started = spawnSandbox(['--port', '0', '--plan', missing]);
    expect(await started.exited).toEqual({ code: 2, signal: null });
    expect(started.stderr()).toContain(`eventdesk sandbox: --plan: There is no tracking plan shop.plan.json in ${path.dirname(missing)}.`);
  });
});
