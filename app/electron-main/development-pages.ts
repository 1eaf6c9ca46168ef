import { createHash } from 'node:crypto';
import { textResponse, type FileResponse } from './app-files.ts';
import type { PageSource } from './app-scheme.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security.ts';

/**
 * During `npm start` the page still loads from `app://`, and this answers its paths from the Vite
 * dev server. The dev server runs in Forge's process, which cannot reach the services' plan
 * validators; the app's scheme can (app-scheme.ts), so the page is served where every route is.
 */

/** Request headers the dev server decides by: an HTML page or a module, a stylesheet or its JavaScript. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'sec-fetch-dest'];
const KEPT_RESPONSE_HEADERS = ['Content-Type', 'Cache-Control'];

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The production policy with what the dev server needs and nothing more: its inline scripts by
 * hash (React's refresh preamble), and its origin over HTTP and WebSocket for hot reloads.
 */
export function developmentContentSecurityPolicy(devServerUrl: string, html: string | null): string {
  const server = new URL(devServerUrl);
  const socket = `${server.protocol === 'https:' ? 'wss' : 'ws'}://${server.host}`;
  const hashes = [...(html ?? '').matchAll(INLINE_SCRIPT)].map(([, script]) => `'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
  const added: Record<string, string[]> = { 'script-src': hashes, 'connect-src': [server.origin, socket] };
  return CONTENT_SECURITY_POLICY.split('; ')
    .map((directive) => [directive, ...(added[directive.split(' ')[0]!] ?? [])].join(' '))
    .join('; ');
}

export function devServerPages(devServerUrl: string, fetch: (request: Request) => Promise<Response>): PageSource {
  return async (url, headers): Promise<FileResponse> => {
    const forwarded = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = headers.get(name);
      if (value !== null) forwarded.set(name, value);
    }
    let response: Response;
    try {
      response = await fetch(new Request(new URL(url.pathname + url.search, devServerUrl), { headers: forwarded }));
    } catch {
      return textResponse(502, `The development server at ${devServerUrl} does not answer.`);
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const html = type.startsWith('text/html') ? new TextDecoder().decode(body) : null;
    const kept = Object.fromEntries(KEPT_RESPONSE_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
    return {
      status: response.status,
      headers: { ...SECURITY_HEADERS, ...kept, 'Content-Security-Policy': developmentContentSecurityPolicy(devServerUrl, html) },
      body,
    };
  };
}
