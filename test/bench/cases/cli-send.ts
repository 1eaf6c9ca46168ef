import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { buildAuthHeaders } from '../../../features/environments/node/auth-headers.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { median, withGoal, type BenchCase, type BenchLine } from '../bench.ts';
import { installedCli } from '../installed-cli.ts';
import { eventTexts, startSendBench } from '../send-setup.ts';

/**
 * `eventdesk send` as a user runs it: the whole process of the installed package (installedCli),
 * to the sandbox on loopback in 500-event chunks, beside a bare Node process that reads the same
 * file, parses it and posts the same chunks with fetch, one after another, in turns in the same
 * run (issue #33, goal: 1.5× at most). Then a file of a million events: the command's peak
 * resident memory against the file's size (goal: 4× at most) and the time from its start to its
 * first acknowledged chunk, the first progress line it prints (goal: 2 s).
 */

const ROUNDS = 3;
const CHUNK_SIZE = 500;
const MILLION = 1_000_000;
const PROCESS_GOAL = 1.5;
const MEMORY_GOAL = 4;
const FIRST_CHUNK_GOAL_MS = 2000;

/** A bare send loop as its own process: the file read and parsed whole, each chunk posted and its answer read. */
const BARE_LOOP = `
const [file, url, headers, size] = process.argv.slice(2);
const events = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
(async () => {
  for (let first = 0; first < events.length; first += Number(size)) {
    const response = await fetch(url, { method: 'POST', headers: JSON.parse(headers), body: JSON.stringify(events.slice(first, first + Number(size))) });
    await response.text();
    if (response.status !== 202) throw new Error('The bare loop got ' + response.status);
  }
})();
`;

interface Run {
  ms: number;
  /** From spawn to the first line on stderr that says chunks are done; NaN when none did. */
  firstChunkMs: number;
  /** The process's peak resident memory (VmHWM, sampled until it ends), in bytes; NaN off Linux. */
  peakRss: number;
}

/** Runs a process to its end, timing it, watching its stderr for the first acknowledged chunk and sampling its peak memory. */
async function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let firstChunkMs = Number.NaN;
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    if (Number.isNaN(firstChunkMs) && /chunks done/.test(text)) firstChunkMs = performance.now() - started;
    errors = (errors + text).slice(-2000);
  });
  let peakRss = Number.NaN;
  const sample = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    if (kb) peakRss = Math.max(Number.isNaN(peakRss) ? 0 : peakRss, Number(kb) * 1024);
  };
  const sampler = setInterval(() => void sample(), 50);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${args.slice(0, 2).join(' ')} exited ${code}: ${errors}`);
  return { ms: performance.now() - started, firstChunkMs, peakRss };
}

/** A million short events, one a line (about 125 MB: a million fit under the history's 200 MB batch limit), written in pieces. */
async function writeMillion(file: string): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('[\n');
  for (let index = 0; index < MILLION; index++) {
    const event = {
      token: `t${index}`,
      svc_id: 1000 + (index % 50),
      created_at: '2026-06-01 12:00:00',
      customer_id: `c-${index}`,
      attributes: { plan: 'pro' },
    };
    await write(`${JSON.stringify(event)}${index < MILLION - 1 ? ',' : ''}\n`);
  }
  await write(']\n');
  out.end();
  await once(out, 'finish');
  return bytes;
}

const cliSend: BenchCase = {
  name: 'cli-send',
  async run() {
    const { url, dataFolder, vault, environments, close } = await startSendBench('eventdesk-bench-cli-send-');
    try {
      const env = { ...process.env, EVENTDESK_USERNAME: 'demo', EVENTDESK_PASSWORD: 'demo-password', EVENTDESK_API_KEY: 'demo-api-key' };
      const bin = await installedCli(dataFolder);
      const cli = (file: string, round: string) => [
        bin,
        'send',
        file,
        '--base-url',
        url,
        '--data',
        path.join(dataFolder, `cli-${round}`),
        '--chunk-size',
        String(CHUNK_SIZE),
        '--max-chunk-bytes',
        String(16 * 1024 * 1024),
      ];
      const headers = JSON.stringify(buildAuthHeaders(environments.get(LOCAL_SANDBOX_ID), vault.get(LOCAL_SANDBOX_ID)));
      const bareScript = path.join(dataFolder, 'bare-loop.cjs');
      await writeFile(bareScript, BARE_LOOP);
      const file = path.join(dataFolder, 'batch-100k.json');
      // The composer's way of writing a batch: pretty JSON.
      await writeFile(
        file,
        JSON.stringify(
          eventTexts().map((text) => JSON.parse(text) as unknown),
          null,
          2,
        ),
      );
      const samples = { cli: [] as number[], bare: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        samples.cli.push((await run(cli(file, String(round)), env)).ms);
        samples.bare.push((await run([bareScript, file, `${url}/user/events`, headers, String(CHUNK_SIZE)])).ms);
      }
      const lines: BenchLine[] = [
        withGoal(
          {
            name: 'cli-send-100k-process',
            value: median(samples.cli),
            unit: 'ms',
            baseline: { name: 'bare-node-fetch-process', value: median(samples.bare) },
            extra: { rounds: ROUNDS },
          },
          `ratio<=${PROCESS_GOAL}`,
          median(samples.cli) <= PROCESS_GOAL * median(samples.bare),
        ),
      ];

      const bigFile = path.join(dataFolder, 'batch-1m.json');
      const bytes = await writeMillion(bigFile);
      const big = await run(cli(bigFile, 'million'), env);
      lines.push(
        withGoal(
          {
            name: 'cli-send-1m-memory',
            value: big.peakRss / 1024 / 1024,
            unit: 'MB',
            baseline: { name: 'file-size', value: bytes / 1024 / 1024 },
            extra: { firstChunkMs: Math.round(big.firstChunkMs), wholeSendMs: Math.round(big.ms) },
          },
          `peak<=${MEMORY_GOAL}x-file,first-chunk<=${FIRST_CHUNK_GOAL_MS}ms`,
          big.peakRss <= MEMORY_GOAL * bytes && big.firstChunkMs <= FIRST_CHUNK_GOAL_MS,
        ),
      );
      return lines;
    } finally {
      await close();
    }
  },
};
export default cliSend;
