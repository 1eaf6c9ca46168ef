import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSchemeResponder, builtPages } from '../../../app/electron-main/app-scheme.ts';
import { devServerPages } from '../../../app/electron-main/development-pages.ts';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../../app/electron-main/security.ts';
import { planScriptPath } from '../../../features/plans/common/plan-status.ts';

// `npm start` loads the page from app:// as a packaged build does, its files from the Vite dev
// server: here a real dev server from the renderer's own config, behind the app's scheme.

const SHOP = path.resolve(import.meta.dirname, '../../fixtures/plans/shop.plan.json');
const RENDERER_CONFIG = path.resolve(import.meta.dirname, '../../../build/vite.renderer.config.ts');

let server: ViteDevServer;
let devServerUrl: string;
let script: string;
let hash: string;

beforeAll(async () => {
  server = await createServer({ configFile: RENDERER_CONFIG, logLevel: 'silent', server: { host: '127.0.0.1', port: 0 } });
  await server.listen();
  devServerUrl = server.resolvedUrls!.local[0]!;
  script = loadPlan(await readFile(SHOP, 'utf8'), 'shop.plan.json').standalone();
  hash = createHash('sha256').update(script).digest('hex');
}, 60_000);

afterAll(() => server?.close());

function answer(url: string, accept = '*/*') {
  const scriptOf = async (asked: string) => (asked === hash ? script : null);
  return appSchemeResponder(devServerPages(devServerUrl, fetch), scriptOf)(url, new Headers({ accept }));
}

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((directive) => [directive.split(' ')[0]!, directive.split(' ').slice(1)]));
}

describe('the app scheme under npm start', () => {
  it("serves a plan's validators as a JavaScript module under the app's own headers", async () => {
    const file = await answer(`app://eventdesk${planScriptPath(hash)}`);
    expect(file.status).toBe(200);
    expect(file.headers).toMatchObject({ ...SECURITY_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8' });
    expect(file.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(new TextDecoder().decode(file.body)).toBe(script);
  });

  it('answers a plan it does not keep with 404, not with a page of the dev server', async () => {
    const file = await answer(`app://eventdesk${planScriptPath('0'.repeat(64))}`);
    expect(file.status).toBe(404);
  });

  it("serves the dev server's page under the production policy plus its inline preamble, by hash, and its hot-reload socket", async () => {
    const file = await answer('app://eventdesk/index.html', 'text/html');
    const html = new TextDecoder().decode(file.body);
    expect(file.status).toBe(200);
    expect(file.headers['Content-Type']).toMatch(/^text\/html/);
    expect(html).toContain('/@vite/client');
    const preamble = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(preamble).toContain('injectIntoGlobalHook');
    const policy = directives(file.headers['Content-Security-Policy']!);
    const production = directives(CONTENT_SECURITY_POLICY);
    const origin = new URL(devServerUrl).origin;
    expect(policy.get('script-src')).toEqual(["'self'", `'sha256-${createHash('sha256').update(preamble).digest('base64')}'`]);
    expect(policy.get('connect-src')).toEqual(["'self'", origin, origin.replace(/^http/, 'ws')]);
    for (const [name, sources] of production) if (name !== 'script-src' && name !== 'connect-src') expect(policy.get(name)).toEqual(sources);
    expect(file.headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Opener-Policy': 'same-origin', 'Referrer-Policy': 'no-referrer' });
  });

  it("serves the renderer's modules as the dev server transforms them", async () => {
    const file = await answer('app://eventdesk/main.tsx');
    expect(file.status).toBe(200);
    expect(file.headers['Content-Type']).toMatch(/^text\/javascript/);
    expect(file.headers['Content-Security-Policy']).toContain("script-src 'self'; ");
    expect(new TextDecoder().decode(file.body)).toContain('import ');
  });

  it('says so when the dev server does not answer', async () => {
    const gone = appSchemeResponder(devServerPages('http://127.0.0.1:9/', fetch), async () => null);
    const file = await gone('app://eventdesk/index.html', new Headers());
    expect(file.status).toBe(502);
    expect(new TextDecoder().decode(file.body)).toBe('The development server at http://127.0.0.1:9/ does not answer.');
  });
});

describe('the app scheme in a packaged build', () => {
  it("serves the built renderer's files and the plan validators under the production policy", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-built-'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>EventDesk</title>');
    const built = appSchemeResponder(builtPages(root), async (asked) => (asked === hash ? script : null));
    const page = await built('app://eventdesk/index.html', new Headers());
    expect(page).toMatchObject({ status: 200, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8' } });
    const plan = await built(`app://eventdesk${planScriptPath(hash)}`, new Headers());
    expect(plan).toMatchObject({ status: 200, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8' } });
  });
});
