import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../../features/sandbox/common/sandbox.ts';
import hostile from '../../../fixtures/hostile/catastrophic-patterns.json' with { type: 'json' };
import { runSandbox, spawnSandbox } from './cli-process.ts';
import { answer, postJson, validEvent } from '../../../features/sandbox/sandbox-client.ts';

/** `eventdesk sandbox --plan FILE`, spawned as a user runs it. */

const attributes = (currencies: string[]) => ({ type: 'object', required: ['currency'], properties: { currency: { enum: currencies } } });
const shop = (version: string, currencies: string[]) => ({
  name: 'shop',
  version,
  events: { purchase: { attributes: attributes(currencies) }, refund: { attributes: { pattern: '(' } } },
});

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
    expect(await send('YEN')).toMatchObject({
      status: 422,
      body: { error: 'plan-violations', errors: [{ index: 0, field: 'attributes.currency', kind: 'attribute-value' }] },
    });
    expect((await send('EUR')).status).toBe(202);

    await writeFile(file, JSON.stringify(shop('4', ['EUR', 'YEN'])));
    await expect.poll(() => sandbox.stderr(), { timeout: 5000 }).toContain(`Plan ${file} reloaded: shop v4, 2 kinds.`);
    expect((await send('YEN')).status).toBe(202);
    await writeFile(file, '{');
    await expect
      .poll(() => sandbox.stderr(), { timeout: 5000 })
      .toMatch(/not reloaded: .*is not JSON: line 1, column 2.* Events are still checked against shop v4\./);

    sandbox.child.kill('SIGTERM');
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
  });

  it('keeps answering login and its OpenAPI document while it checks events against patterns that backtrack catastrophically in JavaScript', async () => {
    const events = Object.fromEntries(
      hostile.patterns.map(({ pattern }, index) => [`p${index}`, { attributes: { properties: { x: { type: 'string', pattern } } } }]),
    );
    const file = await writePlan({ name: 'hostile', events });
    const sandbox = await runSandbox(['--port', '0', '--plan', file]);
    expect(sandbox.stderr()).not.toContain('error:');
    const login = (await (await postJson(`${sandbox.url}/oauth2/login`, SANDBOX_DEMO_CREDENTIALS)).json()) as { access_token: string };
    const headers = { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: `Bearer ${login.access_token}` };
    // 40 characters hang JavaScript's RegExp for hours on the first patterns; 50 000 show the check is linear.
    const batch = [40, 50_000].flatMap((length) =>
      hostile.patterns.map(({ value, tail }, index) => validEvent({ token: `p${index}`, attributes: { x: `${value.repeat(length)}${tail}` } })),
    );
    // A check that hangs the server fails here, not the run.
    const signal = AbortSignal.timeout(15_000);
    const checked = answer(
      fetch(`${sandbox.url}/user/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(batch), signal }),
    );
    const [loggedIn, openApi, verdict] = await Promise.all([
      postJson(`${sandbox.url}/oauth2/login`, SANDBOX_DEMO_CREDENTIALS),
      fetch(`${sandbox.url}/_sandbox/openapi.json`, { signal }),
      checked,
    ]);
    expect([loggedIn.status, openApi.status]).toEqual([200, 200]);
    const refused = hostile.patterns.flatMap(({ pattern, value, tail }, index) => (new RegExp(pattern, 'u').test(`${value.repeat(4)}${tail}`) ? [] : [index]));
    expect(verdict).toMatchObject({ status: 422, body: { error: 'plan-violations' } });
    expect((verdict.body as { errors: { index: number }[] }).errors.map((error) => error.index)).toEqual([
      ...refused,
      ...refused.map((index) => index + hostile.patterns.length),
    ]);
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
