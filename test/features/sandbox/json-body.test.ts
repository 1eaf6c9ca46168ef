import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';

const MIB = 1024 * 1024;

/** What parseJson answers to `body`, run in a worker whose heap is capped at `heapMib`. */
function parseInSmallHeap(body: string, heapMib: number): Promise<unknown> {
  const module = new URL('../../../features/sandbox/server/json-body.ts', import.meta.url).href;
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(${JSON.stringify(module)}).then(({ parseJson }) => parentPort.postMessage(parseJson(Buffer.from(workerData))));
  `;
  const worker = new Worker(source, { eval: true, workerData: body, resourceLimits: { maxOldGenerationSizeMb: heapMib } });
  return new Promise((resolve, reject) => {
    worker.once('message', (answer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('parseJson', () => {
  it('refuses 16 MiB of [ in a 128 MiB heap: the nesting is read before JSON.parse, which would hold about 700 MB', async () => {
    await expect(parseInSmallHeap('['.repeat(16 * MIB), 128)).resolves.toEqual({
      ok: false,
      reply: { status: 400, body: { error: 'json-too-deep', message: `The JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` } },
    });
  });

  it('reads a body past its byte order mark, and hands on its text as the bytes decode, the mark kept', async () => {
    const { parseJson } = await import('../../../features/sandbox/server/json-body.ts');
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[{"a":1}]')]);
    expect(parseJson(body)).toEqual({ ok: true, value: [{ a: 1 }], text: body.toString('utf8') });
    expect(parseJson(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[{"a":}]')]))).toMatchObject({
      ok: false,
      reply: { status: 400, body: { message: expect.stringContaining('line 1, column 7') } },
    });
  });
});
