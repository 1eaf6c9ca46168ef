import { request as httpRequest, type Agent } from 'node:http';
import { Worker } from 'node:worker_threads';
import { SANDBOX_DEMO_CREDENTIALS } from '../../features/sandbox/common/sandbox.ts';

/** What the sandbox benchmarks share: servers in threads of their own, requests over a kept-alive agent, a batch of events. */

/**
 * Runs a module (a bench case's own file) in a worker thread with `data`, and resolves with the
 * URL the server it starts there posts back: the client's work here does not count against it.
 */
export function startServerThread(module: URL, data: unknown): Promise<{ url: string; worker: Worker }> {
  const worker = new Worker(module, { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (url: string) => resolve({ url, worker }));
    worker.once('error', reject);
  });
}

export function send(agent: Agent, url: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: 'POST', agent, headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(body.length) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The headers of an authenticated call to a sandbox with the demo account, after a login at `url`. */
export async function sandboxHeaders(agent: Agent, url: string): Promise<Record<string, string>> {
  const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;
  const { text } = await send(agent, `${url}/oauth2/login`, Buffer.from(JSON.stringify({ username, password })), {});
  return { apiKey, Authorization: `Bearer ${(JSON.parse(text) as { access_token: string }).access_token}` };
}

/** `count` valid events as one request body. */
export function batchOf(count: number): Buffer {
  const events = Array.from({ length: count }, (_, index) => ({
    token: `bench-token-${index}`,
    attributes: { plan: 'pro', spend: `${(index % 100) + 0.5}`, country: 'DE' },
    created_at: `2026-03-${String((index % 28) + 1).padStart(2, '0')} 12:${String(index % 60).padStart(2, '0')}:00`,
    svc_id: 1000 + index,
    device_id: `3f2b8c1e-4a5d-4e6f-8a9b-${String(index).padStart(12, '0')}`,
    customer_id: `customer-${index}`,
  }));
  return Buffer.from(JSON.stringify(events));
}
