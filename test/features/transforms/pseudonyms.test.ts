import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { PSEUDONYM_KEY_FILE, pseudonymsWithKey } from '../../../features/transforms/node/pseudonyms.ts';
import { pseudonymFrom, pseudonymInput } from '../../../features/transforms/common/pseudonym-shapes.ts';
import { MAX_PSEUDONYM_VALUES } from '../../../features/transforms/common/contract.ts';

/**
 * The pseudonym key in a real data folder, reached as the page reaches it: through the
 * contract's transforms:pseudonyms channel of the real services.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const VALUES = [
  { kind: 'customer', value: 'cust-7781' },
  { kind: 'device', value: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
  { kind: 'email', value: 'ada@lovelace.org' },
  { kind: 'phone', value: '+49 30 1234567' },
  { kind: 'ip', value: '8.8.8.8' },
  { kind: 'ip', value: '2a02:8108::1' },
  { kind: 'value', value: 'Ada Lovelace' },
  { kind: 'customer', value: 'cust-7781' },
];

const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

async function servicesIn(dataFolder: string) {
  const services = await createServices({ ...nodeServiceDeps(dataFolder), push: createPushSender(() => undefined), sandbox: null });
  opened.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  return (input: unknown) => dispatch('transforms:pseudonyms', input, trusted);
}

const newFolder = () => mkdtemp(path.join(os.tmpdir(), 'eventdesk-pseudonyms-'));

describe('transforms:pseudonyms', () => {
  it('answers each value with a replacement of its kind, the same across calls and runs on one data folder', async () => {
    const dataFolder = await newFolder();
    const call = await servicesIn(dataFolder);
    const first = await call({ values: VALUES });
    if (!first.ok) throw new Error(first.error.message);
    const replacements = first.value as string[];
    expect(replacements[0]).toMatch(/^cust-[0-9a-f]{12}$/);
    expect(replacements[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(replacements[2]).toMatch(/^user-[0-9a-f]{12}@example\.invalid$/);
    expect(replacements[3]).toMatch(/^\+44 (1[1-6]\d 496 0|20 7946 0|1632 960|7700 900)\d{3}$/);
    expect(replacements[4]).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/);
    expect(replacements[5]).toMatch(/^2001:db8:/);
    expect(replacements[7]).toBe(replacements[0]);

    expect(await call({ values: VALUES })).toEqual(first);
    const nextRun = await servicesIn(dataFolder);
    expect(await nextRun({ values: VALUES })).toEqual(first);

    const elsewhere = await servicesIn(await newFolder());
    const other = await elsewhere({ values: VALUES });
    expect(other.ok && (other.value as string[])[0]).not.toBe(replacements[0]);
  });

  it('keeps the key in a file of the data folder that only its owner may read, and never in an answer', async () => {
    const dataFolder = await newFolder();
    const call = await servicesIn(dataFolder);
    const answer = await call({ values: VALUES });
    const keyFile = path.join(dataFolder, PSEUDONYM_KEY_FILE);
    const key = (await readFile(keyFile, 'utf8')).trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    if (process.platform !== 'win32') expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(answer)).not.toContain(key.slice(0, 16));
  });

  it('says so when the key file is damaged, rather than starting a key that matches no earlier run', async () => {
    const dataFolder = await newFolder();
    await writeFile(path.join(dataFolder, PSEUDONYM_KEY_FILE), 'not a key');
    const call = await servicesIn(dataFolder);
    expect(await call({ values: VALUES })).toMatchObject({ ok: false, error: { code: 'pseudonym-key', message: expect.stringContaining('is damaged') } });
    expect(await readFile(path.join(dataFolder, PSEUDONYM_KEY_FILE), 'utf8')).toBe('not a key');
  });

  it('refuses more values than a batch can hold, or a value longer than 1 KiB', async () => {
    const call = await servicesIn(await newFolder());
    const many = Array.from({ length: MAX_PSEUDONYM_VALUES + 1 }, (_, index) => ({ kind: 'customer', value: `c${index}` }));
    expect(await call({ values: many })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await call({ values: [{ kind: 'email', value: 'x'.repeat(1025) }] })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await call({ values: [{ kind: 'password', value: 'x' }] })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});

describe('pseudonymsWithKey', () => {
  it('makes each replacement from the HMAC-SHA256 of its input under the key, as node:crypto computes it, value after value', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.array(fc.string({ unit: 'binary', maxLength: 200 }), { minLength: 1, maxLength: 8 }),
        (key, texts) => {
          const values = texts.map((value) => ({ kind: 'value' as const, value }));
          const expected = values.map((personal) => pseudonymFrom(personal, createHmac('sha256', key).update(pseudonymInput(personal)).digest()));
          expect(pseudonymsWithKey(key).replacements(values)).toEqual(expected);
        },
      ),
    );
  });
});
