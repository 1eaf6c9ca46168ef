import { chunkBody, planChunks } from '../../../features/history/common/chunking.ts';
import { endpoint } from '../../../features/environments/node/auth.ts';
import { buildAuthHeaders } from '../../../features/environments/node/auth-headers.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { sendChunks } from '../../../features/sending/node/sender.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';
import { EVENTS, eventTexts, startSendBench } from '../send-setup.ts';

/**
 * 100 000 events in 500-event chunks to the sandbox on loopback, through sendChunks
 * (concurrency 1, the real session and its headers) against a bare fetch loop sending the same
 * chunk bodies with the same headers, in turns in the same run. The sandbox runs in a worker
 * thread of its own, in lenient mode (it parses each body but does not check every event), so
 * the figure is the client's (see send-setup.ts). Peak memory is the highest RSS sampled while sendChunks runs.
 */

const CHUNK_SIZE = 500;
const ROUNDS = 7;

async function measure(): Promise<BenchLine[]> {
  const { url, vault, environments, sessions, httpFetch, close } = await startSendBench('eventdesk-bench-send-');
  try {
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
        const status = await sendChunks({
          environmentId: LOCAL_SANDBOX_ID,
          sessions,
          fetch: httpFetch,
          url: eventsUrl,
          eventTexts: texts,
          chunks,
          timeoutMs,
          onChunk: () => undefined,
        });
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
        extra: {
          chunks: chunks.length,
          rounds: ROUNDS,
          sandbox: 'lenient',
          rssBeforeMB: Math.round(rssBefore / 1024 / 1024),
          peakRssMB: Math.round(peakRss / 1024 / 1024),
        },
      },
    ];
  } finally {
    await close();
  }
}

const sendCase: BenchCase = { name: 'send', run: measure };
export default sendCase;
