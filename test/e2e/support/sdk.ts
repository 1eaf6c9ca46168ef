import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';

/** Posts a batch to the sandbox at `url` as an SDK does: log in, then the events with the API key and the token; the status. */
export async function postAsSdk(url: string, events: unknown[]): Promise<number> {
  const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;
  const login = await fetch(`${url}/oauth2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await fetch(`${url}/user/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apiKey, Authorization: `Bearer ${token}` },
    body: JSON.stringify(events),
  });
  await response.arrayBuffer();
  return response.status;
}
