import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** Upstreams for the forwarding tests: plain servers over loopback that misbehave as a test needs, closed after each test. */

function urlOf(address: AddressInfo): string {
  return `http://127.0.0.1:${address.port}`;
}

/** A node:http server answering with `listener`; resolves with its URL. `onConnection` hears of each connection made to it. */
export async function httpUpstream(listener: RequestListener, onConnection: (socket: net.Socket) => void = () => undefined): Promise<string> {
  const server = createServer(listener);
  server.on('connection', onConnection);
  onTestFinished(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return urlOf(server.address() as AddressInfo);
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

/** An upstream that keeps every request it receives, whole, and answers each with `reply`. */
export async function recordingUpstream(
  reply: (request: ReceivedRequest) => { status: number; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ url: string; received: ReceivedRequest[] }> {
  const received: ReceivedRequest[] = [];
  const url = await httpUpstream((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const kept = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body: Buffer.concat(chunks),
      };
      received.push(kept);
      const { status, headers = {}, body = '' } = reply(kept);
      response.writeHead(status, headers);
      response.end(body);
    });
  });
  return { url, received };
}

/** A TCP server that answers each connection with `write` (raw bytes, not necessarily HTTP). */
export async function rawUpstream(write: (socket: net.Socket) => void): Promise<string> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => write(socket));
  });
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return urlOf(server.address() as AddressInfo);
}

/** The URL of a loopback port where nothing listens (it did a moment ago). */
export async function closedPort(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = urlOf(server.address() as AddressInfo);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}
