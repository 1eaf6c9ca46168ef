import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { chunkBody, planChunks } from '../../../shared/chunking.ts';
import { endpoint } from '../../../electron/services/auth.ts';
import { buildAuthHeaders } from '../../../electron/services/auth-headers.ts';
import { LOCAL_SANDBOX_ID, createEnvironments } from '../../../electron/services/environments.ts';
import { sendChunks } from '../../../electron/services/sender.ts';
import { createSessions } from '../../../electron/services/sessions.ts';
import { createVault } from '../../../electron/services/vault.ts';
import { noKeyStore } from '../../../electron/node-services.ts';
import { startSandbox } from '../../../electron/sandbox/server.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';

/**
 * 100 000 events in 500-event chunks to the sandbox on loopback, through sendChunks
 * (concurrency 1, the real session and its headers) against a bare fetch loop sending the same
 * chunk bodies with the same headers, in turns in the same run. The sandbox runs in a worker
 * thread of its own, in lenient mode (it parses each body but does not check every event), so
 * the figure is the client's. Peak memory is the highest RSS sampled while sendChunks runs.
 */

const EVENTS = 100_000;
const CHUNK_SIZE = 500;
const ROUNDS = 7;

const isSandboxThread = !isMainThread && (workerData as { eventDeskSendBench?: boolean } | null)?.eventDeskSendBench === true;
if (isSandboxThread) {
  // A small traffic log: the bench is about the client, not about the sandbox keeping bodies.
  const sandbox = await startSandbox({ mode: 'lenient', maxBodyBytes: 16 * 1024 * 1024, trafficLimit: 100, trafficBodyBytes: 256 });
  parentPort!.postMessage(sandbox.url);
}

function eventTexts(): string[] {
  return Array.from({ length: EVENTS }, (_, index) =>
    JSON.stringify({
      token: `tok_${index.toString(36).padStart(6, '0')}_9f3kq2m8`,
      attributes: { plan: index % 3 ? 'pro' : 'free', spend: `${(index % 997) / 10}`, country: 'DE' },
      created_at: '2026-06-01 12:00:00',
      svc_id: 1000 + (index % 50),
      device_id: `3f2b8c1e-4a5d-4e6f-8a9b-${String(index).padStart(12, '0')}`,
      customer_id: `customer-${index}`,
    }),
  );
}

async function measure(): Promise<BenchLine[]> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { eventDeskSendBench: true } });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-send-'));
  const vault = createVault({ file: path.join(dataFolder, 'secrets.json'), cipher: noKeyStore });
  const environments = createEnvironments({ dataFolder, vault, sandbox: { url: () => url, username: 'demo', apiKey: 'demo-api-key', maxBodyBytes: 1_048_576, mode: 'strict' } });
  await environments.load();
  const httpFetch = (input: string, init?: RequestInit) => fetch(input, init);
  const sessions = createSessions({ environments, vault, fetch: httpFetch, push: () => undefined });
  try {
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: 'demo-password', rememberPassword: false });
    const texts = eventTexts();
    const planned = planChunks(texts, { chunkSize: CHUNK_SIZE, maxChunkBytes: 16 * 1024 * 1024 });
    const chunks = planned.map((chunk) => ({ firstEvent: chunk.firstEvent, eventCount: chunk.eventCount }));
    const eventsUrl = endpoint(url, '/user/events');
    const timeoutMs = 30_000;
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;

    async function viaSender(): Promise<number> {
      const started = performance.now();
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
      try {
        // 'ok': every chunk, and so every event, was acknowledged.
        const status = await sendChunks({ environmentId: LOCAL_SANDBOX_ID, sessions, fetch: httpFetch, url: eventsUrl, eventTexts: texts, chunks, timeoutMs, onChunk: () => undefined });
        if (status !== 'ok') throw new Error(`sendChunks ended ${status}, not ok: not all of the ${EVENTS} events were taken.`);
      } finally {
        clearInterval(sampler);
      }
      return EVENTS / ((performance.now() - started) / 1000);
    }

    async function bareLoop(): Promise<number> {
      const started = performance.now();
      const headers = buildAuthHeaders(environments.get(LOCAL_SANDBOX_ID), vault.get(LOCAL_SANDBOX_ID));
      for (const chunk of chunks) {
        const response = await fetch(eventsUrl, { method: 'POST', headers, body: chunkBody(texts, chunk.firstEvent, chunk.eventCount) });
        const text = await response.text();
        if (response.status !== 202) throw new Error(`The bare loop got ${response.status}: ${text.slice(0, 200)}`);
      }
      return EVENTS / ((performance.now() - started) / 1000);
    }

    const samples = { sender: [] as number[], bare: [] as number[] };
    // A first round warms both up. They take turns, and which goes first swaps each round, so
    // drift hits both alike and neither always runs on the other's garbage.
    for (let round = 0; round <= ROUNDS; round++) {
      const rates = round % 2 ? { bare: await bareLoop(), sender: await viaSender() } : { sender: await viaSender(), bare: await bareLoop() };
      if (round === 0) continue;
      samples.bare.push(rates.bare);
      samples.sender.push(rates.sender);
    }
    return [
      {
        name: 'send-100k',
        value: median(samples.sender),
        unit: 'events/s',
        baseline: { name: 'bare-fetch-loop', value: median(samples.bare) },
        extra: { chunks: chunks.length, rounds: ROUNDS, sandbox: 'lenient', rssBeforeMB: Math.round(rssBefore / 1024 / 1024), peakRssMB: Math.round(peakRss / 1024 / 1024) },
      },
    ];
  } finally {
    sessions.dispose();
    await worker.terminate();
    await rm(dataFolder, { recursive: true, force: true });
  }
}

const sendCase: BenchCase = { name: 'send', run: measure };
export default sendCase;
