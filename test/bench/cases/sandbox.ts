import { createServer, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startSandbox } from '../../../electron/sandbox/server.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';
import { batchOf, sandboxHeaders, send, startServerThread } from '../sandbox-requests.ts';

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

async function measure(): Promise<BenchLine[]> {
  const sandbox = await startServerThread(new URL(import.meta.url), { eventDeskBenchServer: 'sandbox' } satisfies ServerThreadData);
  const baseline = await startServerThread(new URL(import.meta.url), { eventDeskBenchServer: 'baseline' } satisfies ServerThreadData);
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
