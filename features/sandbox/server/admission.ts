import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import os from 'node:os';
import { APP_ORIGIN } from '../../../base/common/app-origin.ts';
import { failure, type Reply } from './route.ts';

/**
 * Who may talk to the sandbox at all. A web page can reach 127.0.0.1 too, and by DNS
 * rebinding (its own name made to point at loopback) it even passes for same-origin. So the
 * tool endpoints, which read the traffic and change the faults, answer only a Host that names
 * this server, and no endpoint answers a browser page other than the app's own.
 */

export interface ListeningAddress {
  host: string;
  port: number;
}

/** A Host header: a name or IPv4 address, or an IPv6 address in brackets, and a port. */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::(\d{1,5}))?$/i;

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '::1') return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

/** Bound to every interface, the server is reached at each interface's address. */
function isLocalAddress(hostname: string): boolean {
  return Object.values(os.networkInterfaces()).some((addresses) => addresses?.some((address) => address.address.toLowerCase() === hostname));
}

function namesThisServer(hostHeader: string | undefined, listening: ListeningAddress): boolean {
  const match = HOST_HEADER.exec(hostHeader ?? '');
  if (!match) return false;
  const hostname = (match[1] ?? match[2]!).toLowerCase();
  const port = match[3] === undefined ? 80 : Number(match[3]);
  if (port !== listening.port) return false;
  const bound = listening.host.toLowerCase();
  if (isLoopback(hostname) || hostname === bound) return true;
  return WILDCARD_HOSTS.has(bound) && isLocalAddress(hostname);
}

/** The 403 for a Host header that names another server (DNS rebinding), or null for this one. */
export function checkHost(headers: IncomingHttpHeaders, listening: ListeningAddress): Reply | null {
  if (namesThisServer(headers.host, listening)) return null;
  return failure(
    403,
    'unknown-host',
    `The sandbox's own endpoints answer only at its own address (127.0.0.1, localhost or [::1], port ${listening.port}); the request named ${JSON.stringify(headers.host ?? '')}.`,
  );
}

/**
 * The 403 for a request a web page sent (an Origin other than the app's own), or null. Scripts,
 * SDKs and the app's main process send no Origin.
 */
export function checkOrigin(headers: IncomingHttpHeaders): Reply | null {
  const { origin } = headers;
  if (origin === undefined || origin === APP_ORIGIN) return null;
  return failure(403, 'foreign-origin', `The sandbox answers no web page; this request came from ${JSON.stringify(origin)}.`);
}
