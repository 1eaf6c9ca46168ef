import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../../app/node/runtime-files.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';

/**
 * docs/openapi.yaml against an independent OpenAPI validator, and the sandbox's answers against
 * the document: every answer a request below gets must be one the document lists for that
 * operation (its status, its headers, a body its schema accepts), checked with Ajv, not with
 * our own code.
 */

type Json = Record<string, unknown>;
let spec: Json;
let sandbox: SandboxServer;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);

beforeAll(async () => {
  spec = parse(await readFile(OPENAPI_FILE, 'utf8')) as Json;
  ajv.addSchema({ ...spec, $id: 'openapi' });
  sandbox = await startSandbox({ port: 0, mode: 'strict', maxBodyBytes: 64 * 1024, openapiFile: OPENAPI_FILE });
});
afterAll(() => sandbox?.close());

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The response object the document gives for this operation and status: exact, else its class (4XX), resolved. */
function documentedResponse(method: string, route: string, status: number): { pointer: string; response: Json } | null {
  const responses = ((spec.paths as Json)[route] as Json | undefined)?.[method.toLowerCase()] as { responses: Json } | undefined;
  if (!responses) return null;
  const key = [String(status), `${String(status)[0]}XX`].find((candidate) => Object.hasOwn(responses.responses, candidate));
  if (!key) return null;
  let response = responses.responses[key] as Json;
  let at = pointer('paths', route, method.toLowerCase(), 'responses', key);
  if (typeof response.$ref === 'string') {
    const name = response.$ref.split('/').at(-1)!;
    response = ((spec.components as Json).responses as Json)[name] as Json;
    at = pointer('components', 'responses', name);
  }
  return { pointer: at, response };
}

/** Sends one request and checks its answer against the document; returns the answer. */
async function conforming(method: string, route: string, init: { headers?: Record<string, string>; body?: string } = {}, server: SandboxServer = sandbox) {
  const answer = await fetch(`${server.url}${route}`, { method, headers: init.headers, body: init.body });
  const text = await answer.text();
  const found = documentedResponse(method, route, answer.status);
  expect(found, `${method} ${route} answered ${answer.status}, which the document does not list`).not.toBeNull();
  const { response, pointer: at } = found!;
  for (const header of Object.keys((response.headers as Json | undefined) ?? {})) {
    expect(answer.headers.get(header), `${method} ${route} ${answer.status} without its ${header} header`).not.toBeNull();
  }
  const content = response.content as Json | undefined;
  if (content === undefined) {
    expect(text).toBe('');
  } else {
    expect(answer.headers.get('content-type')).toMatch(/^application\/json\b/);
    const validate = ajv.compile({ $ref: `openapi#/${at}/content/${pointer('application/json')}/schema` });
    const body: unknown = JSON.parse(text);
    expect(validate(body) ? [] : validate.errors, `${method} ${route} ${answer.status}: ${text}`).toEqual([]);
  }
  return { status: answer.status, text };
}

const json = { 'content-type': 'application/json' };
const event = {
  token: 'purchase',
  attributes: { spend: '12.50' },
  created_at: '2026-11-23 09:15:00',
  svc_id: 7,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: 'cust-7781',
};

async function logIn(server: SandboxServer = sandbox): Promise<Record<string, string>> {
  const { text } = await conforming(
    'POST',
    '/oauth2/login',
    { headers: json, body: JSON.stringify({ username: SANDBOX_DEMO_CREDENTIALS.username, password: SANDBOX_DEMO_CREDENTIALS.password }) },
    server,
  );
  return { ...json, apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, authorization: `Bearer ${(JSON.parse(text) as { access_token: string }).access_token}` };
}

describe('docs/openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("describes every answer of the sandbox's login", async () => {
    const statuses = [
      (await conforming('POST', '/oauth2/login', { headers: json, body: JSON.stringify({ username: 'demo', password: 'wrong' }) })).status,
      (await conforming('POST', '/oauth2/login', { headers: { 'content-type': 'text/plain' }, body: 'demo' })).status,
      (await conforming('POST', '/oauth2/login', { headers: json, body: '{"username": ' })).status,
      (await conforming('POST', '/oauth2/login', { headers: json, body: '["demo"]' })).status,
      (await conforming('POST', '/oauth2/login', { headers: json, body: 'x'.repeat(70 * 1024) })).status,
    ];
    expect(statuses).toEqual([401, 415, 400, 400, 413]);
    await logIn();
  });

  it('describes every answer of the sandbox to a batch of events', async () => {
    const headers = await logIn();
    const send = (body: unknown, extra: Record<string, string> = {}) =>
      conforming('POST', '/user/events', { headers: { ...headers, ...extra }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const statuses = [
      (await send([event])).status,
      (await send([event], { apiKey: '' })).status,
      (await send([event], { apiKey: 'not-a-key' })).status,
      (await send([event], { authorization: '' })).status,
      (await send([event], { authorization: 'Bearer unknown-token' })).status,
      (await send([event], { 'content-type': 'text/plain' })).status,
      (await send('[{"token": ')).status,
      (await send([])).status,
      (await send({ events: [event] })).status,
      (await send([{ ...event, svc_id: 'seven', extra: true }])).status,
      (await send(`[${'['.repeat(100)}${']'.repeat(100)}]`)).status,
    ];
    expect(statuses).toEqual([202, 403, 403, 401, 401, 415, 400, 400, 400, 422, 400]);

    await sandbox.setFaults({ failSequence: [429, 500, 503, 502, 418], maxEvents: 1 });
    const forced = [];
    for (let n = 0; n < 5; n++) forced.push((await send([event])).status);
    forced.push((await send([event, event])).status);
    expect(forced).toEqual([429, 500, 503, 502, 418, 413]);
    await sandbox.setFaults({ maxEvents: null });
  });

  it('describes the answers of a sandbox with a tracking plan, and the violations its traffic records', async () => {
    const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-openapi-')), 'shop.plan.json');
    const attributes = {
      type: 'object',
      required: ['spend'],
      additionalProperties: false,
      properties: { spend: { type: 'string', pattern: '^\\d+\\.\\d{2}$' } },
    };
    await writeFile(planFile, JSON.stringify({ name: 'shop', version: '3', events: { purchase: { attributes } } }));
    const planned = await startSandbox({ port: 0, planFile });
    try {
      const headers = await logIn(planned);
      const send = (events: unknown[]) => conforming('POST', '/user/events', { headers, body: JSON.stringify(events) }, planned);
      const refused = await send([event, { ...event, attributes: { spend: 'twelve', coupon: 'X' } }, { ...event, token: 'refund' }]);
      expect(refused.status).toBe(422);
      expect(JSON.parse(refused.text)).toMatchObject({
        error: 'plan-violations',
        errors: [
          { index: 1, kind: 'attribute-unknown', severity: 'warning' },
          { index: 1, kind: 'attribute-value' },
          { index: 2, kind: 'unplanned-event' },
        ],
      });
      expect((await send([{ ...event, attributes: { spend: '1.00', coupon: 'X' } }])).status).toBe(202);
      expect(
        (
          await send([
            { ...event, svc_id: 'seven' },
            { ...event, token: 'refund' },
          ])
        ).status,
      ).toBe(422);
      const traffic = await conforming('GET', '/_sandbox/requests', {}, planned);
      expect(JSON.parse(traffic.text)).toMatchObject([
        { plan: { plan: 'shop v3' } },
        { plan: { plan: 'shop v3' } },
        { plan: { plan: 'shop v3' } },
        { plan: null },
      ]);
    } finally {
      await planned.close();
    }
  });

  it('describes the answers of a forwarding sandbox, its 502 when the upstream gives none, and the forwarded part of its traffic', async () => {
    const nothing = net.createServer();
    await new Promise<void>((resolve) => nothing.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(nothing.address() as net.AddressInfo).port}`;
    await new Promise<void>((resolve) => nothing.close(() => resolve()));
    const forwarding = await startSandbox({ port: 0, forward: { url: sandbox.url, timeoutMs: 5000 } });
    const failing = await startSandbox({ port: 0, forward: { url: closedUrl, timeoutMs: 5000 } });
    try {
      const headers = await logIn(forwarding);
      expect((await conforming('POST', '/user/events', { headers, body: JSON.stringify([event]) }, forwarding)).status).toBe(202);
      const login = { headers: json, body: JSON.stringify({ username: 'demo', password: 'demo-password' }) };
      expect((await conforming('POST', '/oauth2/login', login, failing)).status).toBe(502);
      expect((await conforming('POST', '/user/events', { headers, body: JSON.stringify([event]) }, failing)).status).toBe(502);
      const traffic = [
        ...JSON.parse((await conforming('GET', '/_sandbox/requests', {}, forwarding)).text),
        ...JSON.parse((await conforming('GET', '/_sandbox/requests', {}, failing)).text),
      ];
      expect(traffic).toMatchObject([
        { forwarded: { status: 202 } },
        { forwarded: { status: 200 } },
        { forwarded: { failure: 'upstream-unreachable' } },
        { forwarded: { failure: 'upstream-unreachable' } },
      ]);
    } finally {
      await Promise.all([forwarding.close(), failing.close()]);
    }
  });

  it("describes the sandbox's own tools", async () => {
    expect((await conforming('GET', '/_sandbox/requests')).status).toBe(200);
    expect((await conforming('GET', '/_sandbox/faults')).status).toBe(200);
    expect((await conforming('PATCH', '/_sandbox/faults', { headers: json, body: JSON.stringify({ latencyMs: 0 }) })).status).toBe(200);
    expect((await conforming('PATCH', '/_sandbox/faults', { headers: json, body: JSON.stringify({ latencyMs: -1 }) })).status).toBe(400);
    expect((await conforming('PATCH', '/_sandbox/faults', { headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(415);
    expect((await conforming('DELETE', '/_sandbox/requests')).status).toBe(204);
    expect((await conforming('POST', '/_sandbox/tokens/expire')).status).toBe(200);
  });

  it("describes the sandbox's refusal of a web page, at every endpoint", async () => {
    const page = { origin: 'http://evil.example' };
    const statuses = [
      (await conforming('POST', '/oauth2/login', { headers: { ...json, ...page }, body: JSON.stringify({ username: 'demo', password: 'demo-password' }) }))
        .status,
      (await conforming('POST', '/user/events', { headers: { ...(await logIn()), ...page }, body: JSON.stringify([event]) })).status,
      (await conforming('GET', '/_sandbox/requests', { headers: page })).status,
      (await conforming('PATCH', '/_sandbox/faults', { headers: { ...json, ...page }, body: JSON.stringify({ failRate: 1 }) })).status,
    ];
    expect(statuses).toEqual([403, 403, 403, 403]);
  });

  it('is what the sandbox serves at /_sandbox/openapi.json, with the sandbox as its server', async () => {
    const { text } = await conforming('GET', '/_sandbox/openapi.json');
    const served = JSON.parse(text) as Json;
    expect(served).toEqual({ ...spec, servers: [{ url: sandbox.url, description: 'This sandbox' }] });
    expect((await new Validator().validate(served)).valid).toBe(true);
  });

  it('says why when the sandbox was started without it', async () => {
    const bare = await startSandbox({ port: 0 });
    try {
      const answer = await fetch(`${bare.url}/_sandbox/openapi.json`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: 'no-openapi', message: 'This sandbox was started without its OpenAPI document.' });
    } finally {
      await bare.close();
    }
  });
});
