import { createServer, request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../shared/sandbox.ts';
import { startSandbox } from '../../../electron/sandbox/server.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';

/**
 * Events ingested per second by the sandbox in strict mode, against a bare node:http server
 * that only JSON.parses the body, with the same requests in the same run. Each server runs in
 * a worker thread of its own, so the client's work here does not count against either.
 */

type ServerRole = 'sandbox' | 'baseline';

interface ServerThreadData {
  eventDeskBenchServer: ServerRole;
}

const CONNECTIONS = 4;
const SAMPLES = 7;
/** Requests per sample, so that each sample takes a few hundred milliseconds. */
const REQUESTS_PER_SAMPLE: Readonly<Record<number, number>> = { 100: 400, 1000: 50 };

function startBaseline(): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const events = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
      response.writeHead(202, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ accepted: events.length }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function serveInThisThread(role: ServerRole): Promise<void> {
  const url = role === 'sandbox' ? (await startSandbox({ mode: 'strict' })).url : await startBaseline();
  parentPort!.postMessage(url);
}

/** Runs one server in a worker thread (this very file) and resolves with its URL. */
function startServerThread(role: ServerRole): Promise<{ url: string; worker: Worker }> {
  const data: ServerThreadData = { eventDeskBenchServer: role };
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (url: string) => resolve({ url, worker }));
    worker.once('error', reject);
  });
}

function send(agent: Agent, url: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(body.length) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function sandboxHeaders(agent: Agent, url: string): Promise<Record<string, string>> {
  const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;
  const { text } = await send(agent, `${url}/oauth2/login`, Buffer.from(JSON.stringify({ username, password })), {});
  return { apiKey, Authorization: `Bearer ${(JSON.parse(text) as { access_token: string }).access_token}` };
}

/** Events per second over `requests` requests on CONNECTIONS keep-alive connections. */
async function ingestRate(agent: Agent, url: string, body: Buffer, headers: Record<string, string>, requests: number, eventsPerRequest: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const connection = async () => {
    while (next < requests) {
      next++;
      const { status, text } = await send(agent, `${url}/user/events`, body, headers);
      if (status !== 202) throw new Error(`The bench expected 202, got ${status}: ${text}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  return (requests * eventsPerRequest) / ((performance.now() - started) / 1000);
}

function batchOf(count: number): Buffer {
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

async function measure(): Promise<BenchLine[]> {
  const sandbox = await startServerThread('sandbox');
  const baseline = await startServerThread('baseline');
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const headers = await sandboxHeaders(agent, sandbox.url);
    const lines: BenchLine[] = [];
    for (const eventsPerRequest of [100, 1000]) {
      const body = batchOf(eventsPerRequest);
      const requests = REQUESTS_PER_SAMPLE[eventsPerRequest]!;
      const samples = { sandbox: [] as number[], baseline: [] as number[] };
      // A first round warms both up; after it the two alternate, so drift hits both alike.
      for (let round = 0; round <= SAMPLES; round++) {
        const sandboxRate = await ingestRate(agent, sandbox.url, body, headers, requests, eventsPerRequest);
        const baselineRate = await ingestRate(agent, baseline.url, body, {}, requests, eventsPerRequest);
        if (round === 0) continue;
        samples.sandbox.push(sandboxRate);
        samples.baseline.push(baselineRate);
      }
      lines.push({
        name: `sandbox-ingest-${eventsPerRequest}`,
        value: median(samples.sandbox),
        unit: 'events/s',
        baseline: { name: 'node-http-json-parse', value: median(samples.baseline) },
        extra: { requests: requests * SAMPLES, bytesPerRequest: body.length, connections: CONNECTIONS },
      });
    }
    return lines;
  } finally {
    agent.destroy();
    await Promise.all([sandbox.worker.terminate(), baseline.worker.terminate()]);
  }
}

const role = isMainThread ? undefined : (workerData as Partial<ServerThreadData> | null)?.eventDeskBenchServer;
if (role !== undefined) await serveInThisThread(role);

const sandboxCase: BenchCase = { name: 'sandbox', run: measure };
export default sandboxCase;
