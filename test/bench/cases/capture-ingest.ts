import { Agent } from 'node:http';
import { median, withGoal, type BenchCase, type BenchLine } from '../bench.ts';
import { CONNECTIONS, ingestRate, startServerThread, type ServerThread } from '../ingest-servers.ts';
import { batchOf, sandboxHeaders } from '../sandbox-requests.ts';

/**
 * What capture costs the sandbox's ingest (goal: at most 15 %): events per second into the
 * sandbox capturing into capture.sqlite, beside the same sandbox not capturing and beside a bare
 * node:http server doing JSON.parse, at 500-event requests, in the same run. A capturing sample
 * counts until everything it received is written, so the figure is what the capture sustains,
 * not only how fast the answers came; events the capture could not keep (a queue past its bound)
 * are reported beside it.
 */

const EVENTS_PER_REQUEST = 500;
const REQUESTS_PER_SAMPLE = 100;
const SAMPLES = 7;
/** Issue #33: with capture on, 0.8 times the bare server's rate at least. */
const VS_BARE_GOAL = 0.8;

async function capturingRate(
  agent: Agent,
  server: ServerThread,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ sustained: number; answered: number }> {
  const started = performance.now();
  const answered = await ingestRate(agent, server.url, body, headers, REQUESTS_PER_SAMPLE, EVENTS_PER_REQUEST);
  await server.report();
  const events = REQUESTS_PER_SAMPLE * EVENTS_PER_REQUEST;
  return { sustained: events / ((performance.now() - started) / 1000), answered };
}

async function measure(): Promise<BenchLine[]> {
  const capturing = await startServerThread('capturing-sandbox');
  const sandbox = await startServerThread('sandbox');
  const bare = await startServerThread('baseline');
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const body = batchOf(EVENTS_PER_REQUEST);
    const headers = { capturing: await sandboxHeaders(agent, capturing.url), sandbox: await sandboxHeaders(agent, sandbox.url) };
    const samples = { sustained: [] as number[], answered: [] as number[], sandbox: [] as number[], bare: [] as number[] };
    // A first round warms all three up; after it they alternate, so drift hits them alike.
    for (let round = 0; round <= SAMPLES; round++) {
      const captured = await capturingRate(agent, capturing, body, headers.capturing);
      const plain = await ingestRate(agent, sandbox.url, body, headers.sandbox, REQUESTS_PER_SAMPLE, EVENTS_PER_REQUEST);
      const parsed = await ingestRate(agent, bare.url, body, {}, REQUESTS_PER_SAMPLE, EVENTS_PER_REQUEST);
      if (round === 0) continue;
      samples.sustained.push(captured.sustained);
      samples.answered.push(captured.answered);
      samples.sandbox.push(plain);
      samples.bare.push(parsed);
    }
    const kept = await capturing.report();
    const extra = {
      requests: REQUESTS_PER_SAMPLE * SAMPLES,
      bytesPerRequest: body.length,
      connections: CONNECTIONS,
      answeredEventsPerSecond: Math.round(median(samples.answered)),
      capturedEvents: kept.capturedEvents,
      notCapturedEvents: kept.notCapturedEvents,
    };
    return [
      {
        name: `capture-ingest-${EVENTS_PER_REQUEST}`,
        value: median(samples.sustained),
        unit: 'events/s',
        baseline: { name: 'sandbox-without-capture', value: median(samples.sandbox) },
        extra,
      },
      withGoal(
        {
          name: `capture-ingest-${EVENTS_PER_REQUEST}-vs-bare`,
          value: median(samples.sustained),
          unit: 'events/s',
          baseline: { name: 'node-http-json-parse', value: median(samples.bare) },
        },
        `ratio>=${VS_BARE_GOAL}`,
        median(samples.sustained) >= VS_BARE_GOAL * median(samples.bare),
      ),
    ];
  } finally {
    agent.destroy();
    await Promise.all([capturing.stop(), sandbox.stop(), bare.stop()]);
  }
}

const captureIngest: BenchCase = { name: 'capture-ingest', run: measure };
export default captureIngest;
