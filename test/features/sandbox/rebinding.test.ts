import http from 'node:http';
import os from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { checkHost } from '../../../features/sandbox/server/admission.ts';
import { APP_ORIGIN } from '../../../base/common/app-origin.ts';
import { NO_FAULTS } from '../../../features/sandbox/common/sandbox.ts';
import type { SandboxServer } from '../../../features/sandbox/server/server.ts';
import { useSandbox } from './sandbox-client.ts';

/** What a web page could make a browser send: any Host (DNS rebinding) and its own Origin. */
interface PageRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** Sends over loopback with headers fetch would not let a test set (Host). */
function request(sandbox: SandboxServer, { method = 'GET', path, headers = {}, body }: PageRequest): Promise<Received> {
  const { hostname, port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: hostname, port, method, path, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (part: string) => (text += part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text === '' ? null : JSON.parse(text) }));
    });
    sent.once('error', reject);
    sent.end(body);
  });
}

const EVIL_ORIGIN = 'http://evil.example';

describe('DNS rebinding and web pages', () => {
  it('the tool endpoints refuse a Host that names another server, and change nothing for it', async () => {
    const sandbox = await useSandbox();
    const port = new URL(sandbox.url).port;
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `127.0.0.1.evil.example:${port}`,
      `127.0.0.1:${Number(port) + 1}`,
      `127.0.0.1@evil.example:${port}`,
    ]) {
      expect(await request(sandbox, { path: '/_sandbox/requests', headers: { Host: host } })).toMatchObject({
        status: 403,
        body: {
          error: 'unknown-host',
          message: `The sandbox's own endpoints answer only at its own address (127.0.0.1, localhost or [::1], port ${port}); the request named ${JSON.stringify(host)}.`,
        },
      });
    }
    const patch = {
      method: 'PATCH',
      path: '/_sandbox/faults',
      headers: { Host: `evil.example:${port}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ failRate: 1 }),
    };
    expect((await request(sandbox, patch)).status).toBe(403);
    expect((await request(sandbox, { method: 'DELETE', path: '/_sandbox/requests', headers: { Host: `evil.example:${port}` } })).status).toBe(403);
    expect(sandbox.faults()).toEqual(NO_FAULTS);
  });

  it('the tool endpoints answer at the loopback names and the address the sandbox listens on', async () => {
    const sandbox = await useSandbox();
    const port = new URL(sandbox.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`]) {
      expect(await request(sandbox, { path: '/_sandbox/faults', headers: { Host: host } })).toMatchObject({ status: 200, body: NO_FAULTS });
    }
  });

  it('bound to every interface, the tool endpoints also answer at each interface address', () => {
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth0: [{ address: '192.0.2.7', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:07', internal: false, cidr: '192.0.2.7/24' }],
    });
    try {
      const listening = { host: '0.0.0.0', port: 8123 };
      expect(checkHost({ host: '192.0.2.7:8123' }, listening)).toBeNull();
      expect(checkHost({ host: '127.0.0.1:8123' }, listening)).toBeNull();
      expect(checkHost({ host: '192.0.2.8:8123' }, listening)).toMatchObject({ status: 403 });
      expect(checkHost({ host: '192.0.2.7:8123' }, { host: '127.0.0.1', port: 8123 })).toMatchObject({ status: 403 });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('no endpoint answers a web page: an Origin other than the app’s own gets 403', async () => {
    const sandbox = await useSandbox();
    for (const origin of [EVIL_ORIGIN, 'null', sandbox.url, `${APP_ORIGIN}.evil.example`]) {
      expect(await request(sandbox, { path: '/_sandbox/requests', headers: { Origin: origin } })).toMatchObject({
        status: 403,
        body: { error: 'foreign-origin', message: `The sandbox answers no web page; this request came from ${JSON.stringify(origin)}.` },
      });
    }
    const login = {
      method: 'POST',
      path: '/oauth2/login',
      headers: { Origin: EVIL_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
    };
    expect(await request(sandbox, login)).toMatchObject({ status: 403, body: { error: 'foreign-origin' } });
    expect(sandbox.traffic()[0]).toMatchObject({ path: '/oauth2/login', response: { status: 403 } });
  });

  it('the app’s own origin and requests with no Origin (scripts, SDKs, the app’s main process) pass', async () => {
    const sandbox = await useSandbox();
    expect((await request(sandbox, { path: '/_sandbox/requests', headers: { Origin: APP_ORIGIN } })).status).toBe(200);
    expect((await request(sandbox, { path: '/_sandbox/requests' })).status).toBe(200);
    const login = {
      method: 'POST',
      path: '/oauth2/login',
      headers: { Origin: APP_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
    };
    expect((await request(sandbox, login)).status).toBe(200);
  });

  it('no answer lets a page read it cross-origin: no Access-Control-Allow-* header, not even to a preflight', async () => {
    const sandbox = await useSandbox();
    const preflight = { method: 'OPTIONS', path: '/_sandbox/requests', headers: { Origin: EVIL_ORIGIN, 'Access-Control-Request-Method': 'DELETE' } };
    const answers = await Promise.all([
      request(sandbox, preflight),
      request(sandbox, { ...preflight, headers: {} }),
      request(sandbox, { path: '/_sandbox/requests', headers: { Origin: EVIL_ORIGIN } }),
      request(sandbox, { path: '/_sandbox/requests', headers: { Origin: APP_ORIGIN } }),
      request(sandbox, { path: '/_sandbox/requests' }),
    ]);
    expect(answers.map(({ status }) => status)).toEqual([403, 405, 403, 200, 200]);
    for (const { headers } of answers) expect(Object.keys(headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});
