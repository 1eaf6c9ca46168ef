import { Agent } from 'node:http';
import { median, withGoal, type BenchCase, type BenchLine } from '../bench.ts';
import { CONNECTIONS, ingestRate, startServerThread } from '../ingest-servers.ts';
import { batchOf, sandboxHeaders } from '../sandbox-requests.ts';

/**
 * Events ingested per second by the sandbox in strict mode, against a bare node:http server
 * that only JSON.parses the body, with the same requests in the same run. Each server runs in
 * a worker thread of its own, so the client's work here does not count against either.
 */

const SAMPLES = 7;
/** Issue #33: the sandbox takes events at 0.9 times the bare server's rate at least. */
const INGEST_GOAL = 0.9;
/** Requests per sample, so that each sample takes a few hundred milliseconds. */
const REQUESTS_PER_SAMPLE: Readonly<Record<number, number>> = { 100: 400, 1000: 50 };

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
      const line: BenchLine = {
        name: `sandbox-ingest-${eventsPerRequest}`,
        value: median(samples.sandbox),
        unit: 'events/s',
        baseline: { name: 'node-http-json-parse', value: median(samples.baseline) },
        extra: { requests: requests * SAMPLES, bytesPerRequest: body.length, connections: CONNECTIONS },
      };
      lines.push(withGoal(line, `ratio>=${INGEST_GOAL}`, line.value >= INGEST_GOAL * line.baseline.value));
    }
    return lines;
  } finally {
    agent.destroy();
    await Promise.all([sandbox.stop(), baseline.stop()]);
  }
}

const sandboxCase: BenchCase = { name: 'sandbox', run: measure };
export default sandboxCase;
