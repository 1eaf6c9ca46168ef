import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import { startEchoServer } from '../../fixtures/echo-server.ts';
import { leaksIn } from '../../fixtures/hostile/secrets.ts';
import { validEvent } from '../../fixtures/events.ts';
import { startOverContract } from '../../support/contract-app.ts';

/**
 * Issue #29 item 6 in the app: the embedded sandbox forwarding to an environment whose server
 * echoes every secret back. What the Sandbox tab reads (`sandbox:traffic`) and is pushed
 * (`sandbox:request`) holds none of the SDK's secrets, in any form, nor the tokens issued.
 */

const API_KEY = 'sdk_"key\\/+=_<&>9b2e';
const PASSWORD = 'sdk pässword "7"/<&>';

describe('the Sandbox tab forwarding to a server that echoes secrets', () => {
  it('hands the renderer none of the SDK’s secrets', async () => {
    const echo = await startEchoServer();
    onTestFinished(() => echo.close());
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-forward-echo-'));
    const pushed: unknown[] = [];
    const { services, call, view } = await startOverContract(dataFolder, { onPush: (name, payload) => name === 'sandbox:request' && pushed.push(payload) });
    onTestFinished(async () => {
      await services.close();
      await rm(dataFolder, { recursive: true, force: true });
    });
    const saved = await services.environments.create({ settings: { ...DEFAULT_SETTINGS, name: 'Echo', baseUrl: echo.url, username: 'qa' } });
    if (!saved.ok) throw new Error(JSON.stringify(saved.problems));
    await view('sandbox:setForward', { environmentId: saved.environment.id });

    const sandboxUrl = services.sandbox!.url;
    const login = await fetch(`${sandboxUrl}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'qa', password: PASSWORD }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const posted = await fetch(`${sandboxUrl}/user/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apiKey: API_KEY, Authorization: `Bearer ${access_token}` },
      body: JSON.stringify([validEvent()]),
    });
    expect(posted.status).toBe(200);

    const traffic = await call('sandbox:traffic');
    expect(traffic.ok && traffic.value).toHaveLength(2);
    const [tokens] = echo.issued;
    const secrets = { 'API key': API_KEY, password: PASSWORD, 'access token': tokens!.accessToken, 'refresh token': tokens!.refreshToken };
    expect([...leaksIn('sandbox:traffic', JSON.stringify(traffic), secrets), ...leaksIn('sandbox:request pushes', JSON.stringify(pushed), secrets)]).toEqual(
      [],
    );
    expect(pushed).toHaveLength(2);
  });
});
