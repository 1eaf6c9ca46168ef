import { Agent } from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startSandbox } from '../../../features/sandbox/server/server.ts';
import { withGoal, type BenchCase, type BenchLine } from '../bench.ts';
import { batchOf, sandboxHeaders, send, startServerThread } from '../sandbox-requests.ts';

/**
 * What forwarding adds to a request's latency: the same 500-event request posted straight to a
 * sandbox (the upstream) and through a second sandbox forwarding to it, one request at a time,
 * the two alternating so that drift hits both alike. Each server runs in a worker thread of its
 * own, as the embedded sandbox runs beside the app's work. Goal: p50 at most 2 ms added.
 */

interface ServerThreadData {
  /** Absent: the upstream; a URL: a sandbox forwarding to it. */
  eventDeskForwardTo: string | null;
}

const EVENTS_PER_REQUEST = 500;
const WARM_UP_REQUESTS = 50;
/** Requests per side: enough for a p99 of a few requests each. */
const REQUESTS = 500;
/** Issue #33: forwarding adds no more than a body copy, 3 ms at most. */
const ADDED_GOAL_MS = 3;

async function serveInThisThread(data: ServerThreadData): Promise<void> {
  const sandbox = await startSandbox(data.eventDeskForwardTo === null ? { mode: 'strict' } : { forward: { url: data.eventDeskForwardTo, timeoutMs: 30_000 } });
  parentPort!.postMessage(sandbox.url);
}

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function timedSend(agent: Agent, url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const { status, text } = await send(agent, `${url}/user/events`, body, headers);
  const elapsed = performance.now() - started;
  if (status !== 202) throw new Error(`The bench expected 202, got ${status}: ${text}`);
  return elapsed;
}

async function measure(): Promise<BenchLine[]> {
  const module = new URL(import.meta.url);
  const upstream = await startServerThread(module, { eventDeskForwardTo: null } satisfies ServerThreadData);
  const forwarder = await startServerThread(module, { eventDeskForwardTo: upstream.url } satisfies ServerThreadData);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // A login through the forwarder is the upstream's: its token serves both ways.
    const headers = await sandboxHeaders(agent, forwarder.url);
    const body = batchOf(EVENTS_PER_REQUEST);
    const straight: number[] = [];
    const forwarded: number[] = [];
    for (let request = 0; request < WARM_UP_REQUESTS + REQUESTS; request++) {
      const straightMs = await timedSend(agent, upstream.url, body, headers);
      const forwardedMs = await timedSend(agent, forwarder.url, body, headers);
      if (request < WARM_UP_REQUESTS) continue;
      straight.push(straightMs);
      forwarded.push(forwardedMs);
    }
    return (
      [
        ['p50', 0.5],
        ['p99', 0.99],
      ] as const
    ).map(([name, fraction]) => {
      const through = percentile(forwarded, fraction);
      const direct = percentile(straight, fraction);
      const line: BenchLine = {
        name: `forward-overhead-${name}`,
        value: through,
        unit: 'ms',
        baseline: { name: `straight-${name}`, value: direct },
        extra: { addedMs: (through - direct).toFixed(2), requests: REQUESTS, bytesPerRequest: body.length, events: EVENTS_PER_REQUEST },
      };
      return withGoal(line, `added<=${ADDED_GOAL_MS}ms`, through - direct <= ADDED_GOAL_MS);
    });
  } finally {
    agent.destroy();
    await Promise.all([upstream.worker.terminate(), forwarder.worker.terminate()]);
  }
}

const data = isMainThread ? undefined : (workerData as Partial<ServerThreadData> | null);
if (data?.eventDeskForwardTo !== undefined) await serveInThisThread(data as ServerThreadData);

const forwardOverhead: BenchCase = { name: 'forward-overhead', run: measure };
export default forwardOverhead;
