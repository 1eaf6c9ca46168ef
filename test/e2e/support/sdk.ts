import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';

/** One valid event, as an SDK sends it. */
export const sdkEvent = {
  token: 't-1',
  attributes: { plan: 'pro' },
  created_at: '2026-11-22 10:00:00',
  svc_id: 7,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: 'c-42',
};

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
