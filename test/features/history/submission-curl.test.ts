import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../features/formats/common/curl.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { createSubmissionCurl } from '../../../features/history/node/submission-curl.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';
import { startSandboxSessions } from '../../support/sandbox-sessions.ts';
import { numberedEvent } from '../../fixtures/events.ts';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

const event = (n: number, attributes: Record<string, string> = {}) => numberedEvent(n, { attributes });

/** A recorded submission of three events in two chunks, on a real store, with a real login behind it. */
async function setup() {
  const context = await startSandboxSessions(open);
  await context.sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: context.info.demoPassword, rememberPassword: false });
  const { accessToken } = context.vault.get(LOCAL_SANDBOX_ID);
  const submissions = openSubmissions(path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-curl-')), 'submissions.sqlite'));
  open.push(submissions);
  const events = [event(1), event(2, { echoed: accessToken! }), event(3)];
  const created = submissions.createSubmission(
    {
      environmentId: LOCAL_SANDBOX_ID,
      environmentName: 'Local sandbox',
      environmentColor: '#2e9d6a',
      baseUrl: context.sandbox.url,
      headers: { 'Content-Type': 'application/json', apiKey: '••••-key', Authorization: 'Bearer ••••' },
      batch: JSON.stringify(events),
      eventCount: 3,
      batchHash: 'h',
      startedAt: new Date().toISOString(),
    },
    [
      { firstEvent: 0, eventCount: 2 },
      { firstEvent: 2, eventCount: 1 },
    ],
  );
  const copied: string[] = [];
  const curl = createSubmissionCurl({
    submissions,
    environments: context.environments,
    vault: context.vault,
    clipboard: { writeText: (text) => void copied.push(text) },
  });
  return { ...context, id: created.id, events, accessToken: accessToken!, curl, copied };
}

describe('copying a chunk as cURL', () => {
  it('copies exactly the chunk sent, masked, with a secret its body echoes masked too', async () => {
    const { id, events, accessToken, info, curl, copied } = await setup();
    await curl.copy(id, 0, false);
    const parsed = parseCurl(copied[0]!);
    expect(parsed).toMatchObject({ ok: true, request: { method: 'POST', headers: { Authorization: 'Bearer ••••' } } });
    expect(parsed.ok && parsed.events).toEqual([events[0], { ...events[1], attributes: { echoed: '••••' } }]);
    expect(copied[0]).not.toContain(accessToken);
    expect(copied[0]).not.toContain(info.demoApiKey);
  });

  it('puts the real API key and current token in when asked', async () => {
    const { id, accessToken, info, curl, copied } = await setup();
    await curl.copy(id, 2, true);
    expect(parseCurl(copied[0]!)).toMatchObject({
      ok: true,
      request: { headers: { apiKey: info.demoApiKey, Authorization: `Bearer ${accessToken}` } },
      events: [{ token: 't-3' }],
    });
  });

  it('says which environment is gone when secrets are asked for a submission sent to it', async () => {
    const { id, environments, curl, copied } = await setup();
    await environments.remove(LOCAL_SANDBOX_ID);
    await expect(curl.copy(id, 0, true)).rejects.toThrow(/"Local sandbox", which no longer exists/);
    await expect(curl.copy(id, 5, false)).rejects.toThrow(expect.objectContaining({ code: 'chunk-not-found' }));
    // A chunk is known by its first event: event index 1 lies inside the first chunk, which begins at 0.
    await expect(curl.copy(id, 1, false)).rejects.toThrow(expect.objectContaining({ code: 'chunk-not-found' }));
    await curl.copy(id, 0, false);
    expect(copied).toHaveLength(1);
  });
});
