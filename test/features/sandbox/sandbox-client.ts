import net from 'node:net';
import { onTestFinished } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import type { SandboxStartOptions } from '../../../features/sandbox/server/config.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import type { TokenResponse } from '../../../features/sandbox/server/tokens.ts';

/** A client of the sandbox for its tests: real HTTP over loopback, closed after each test. */

export async function useSandbox(options: SandboxStartOptions = {}): Promise<SandboxServer> {
  const sandbox = await startSandbox(options);
  onTestFinished(() => sandbox.close());
  return sandbox;
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function login(sandbox: SandboxServer, credentials: { username: string; password: string } = SANDBOX_DEMO_CREDENTIALS): Promise<TokenResponse> {
  const response = await postJson(`${sandbox.url}/oauth2/login`, { username: credentials.username, password: credentials.password });
  if (response.status !== 200) throw new Error(`Login answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

/** The headers of an authenticated call, after a fresh login. */
export async function authenticated(sandbox: SandboxServer): Promise<{ apiKey: string; Authorization: string }> {
  const { access_token } = await login(sandbox);
  return { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: `Bearer ${access_token}` };
}

export async function sendEvents(sandbox: SandboxServer, body: unknown, headers?: Record<string, string>): Promise<Response> {
  return postJson(`${sandbox.url}/user/events`, body, headers ?? (await authenticated(sandbox)));
}

/** Status and JSON body in one value, for one expect. */
export async function answer(response: Response | Promise<Response>): Promise<{ status: number; body: unknown }> {
  const settled = await response;
  const text = await settled.text();
  return { status: settled.status, body: text === '' ? null : JSON.parse(text) };
}

export function socketTo(sandbox: SandboxServer): Promise<net.Socket> {
  const { hostname, port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
    onTestFinished(() => {
      socket.destroy();
    });
  });
}

/** The head of a request written by hand, so a test sends the body (or not) at its own pace. */
export function requestHead(host: string, headers: Record<string, string>, requestLine = 'POST /user/events'): string {
  return [`${requestLine} HTTP/1.1`, `Host: ${host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', ''].join('\r\n');
}

/** Writes up to `total` bytes of body in chunks, as fast as the socket takes them; stops when the server hangs up. */
export async function flood(socket: net.Socket, total: number, chunked: boolean): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
  let written = 0;
  let open = true;
  socket.once('close', () => (open = false));
  while (open && written < total) {
    const accepted = socket.write(framed, () => undefined);
    written += chunk.length;
    if (!accepted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off('drain', done).off('close', done);
          resolve();
        };
        socket.once('drain', done).once('close', done);
      });
    }
  }
  return written;
}

/** Everything the server sends until it closes the connection, and how long that took. */
export function readUntilClosed(socket: net.Socket): Promise<{ text: string; error: string | null; elapsedMs: number }> {
  const started = performance.now();
  let text = '';
  let error: string | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', (problem: NodeJS.ErrnoException) => (error = problem.code ?? problem.message));
  return new Promise((resolve) => socket.once('close', () => resolve({ text, error, elapsedMs: performance.now() - started })));
}

export { validEvent } from '../../fixtures/events.ts';
