import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Whether an upstream URL leads back to the sandbox itself: forwarding there would pass each
 * request to itself again, without end. A name is resolved as the forwarder's client would
 * (`localhost` is 127.0.0.1 and ::1), within a bound: a name that does not resolve in time
 * cannot be this sandbox now, and forwarding to it fails as unreachable, recorded.
 */

const LOOKUP_TIMEOUT_MS = 2000;

/** Where a server bound to `host` takes connections: everywhere on this machine for a wildcard host. */
function answersOn(host: string, address: string): boolean {
  if (host === address) return true;
  if (host !== '0.0.0.0' && host !== '::') return false;
  if (address.startsWith('127.') || address === '::1') return true;
  return Object.values(networkInterfaces()).some((interfaces) => interfaces?.some((candidate) => candidate.address === address));
}

async function addressesOf(hostname: string): Promise<string[]> {
  if (isIP(hostname) !== 0) return [hostname];
  const resolved = lookup(hostname, { all: true }).then(
    (found) => found.map((entry) => entry.address),
    () => [],
  );
  return Promise.race([resolved, sleep(LOOKUP_TIMEOUT_MS, [], { ref: false })]);
}

/** True when `url` reaches the sandbox listening on `own`. */
export async function leadsBackTo(url: string, own: { host: string; port: number }): Promise<boolean> {
  const target = new URL(url);
  const port = target.port === '' ? (target.protocol === 'https:' ? 443 : 80) : Number(target.port);
  if (port !== own.port) return false;
  const addresses = await addressesOf(target.hostname.replace(/^\[(.*)\]$/, '$1'));
  return addresses.some((address) => answersOn(own.host, address));
}
