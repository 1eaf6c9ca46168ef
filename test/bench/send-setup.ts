import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { LOCAL_SANDBOX_ID, createEnvironments } from '../../features/environments/node/environments.ts';
import { createSessions } from '../../features/environments/node/sessions.ts';
import { createVault } from '../../features/environments/node/vault.ts';
import { noKeyStore } from '../../app/host/node-services.ts';
import { startSandbox } from '../../features/sandbox/server/server.ts';

/**
 * What the send benchmarks share: the sandbox on loopback in a worker thread of its own (in
 * lenient mode: it parses each body but does not check every event, so the figures are the
 * client's), a data folder with the Local sandbox environment pointing at it, a session logged
 * in, and the 100 000 events they send.
 */

export const EVENTS = 100_000;

const isSandboxThread = !isMainThread && (workerData as { eventDeskSendBench?: boolean } | null)?.eventDeskSendBench === true;
if (isSandboxThread) {
  // A small traffic log: the bench is about the client, not about the sandbox keeping bodies.
  const sandbox = await startSandbox({ mode: 'lenient', maxBodyBytes: 16 * 1024 * 1024, trafficLimit: 100, trafficBodyBytes: 256 });
  parentPort!.postMessage(sandbox.url);
}

/** The benchmark's events, one JSON text each. */
export function eventTexts(): string[] {
  return Array.from({ length: EVENTS }, (_, index) =>
    JSON.stringify({
      token: `tok_${index.toString(36).padStart(6, '0')}_9f3kq2m8`,
      attributes: { plan: index % 3 ? 'pro' : 'free', spend: `${(index % 997) / 10}`, country: 'DE' },
      created_at: '2026-06-01 12:00:00',
      svc_id: 1000 + (index % 50),
      device_id: `3f2b8c1e-4a5d-4e6f-8a9b-${String(index).padStart(12, '0')}`,
      customer_id: `customer-${index}`,
    }),
  );
}

/** The sandbox thread and a logged-in session on it, in a fresh data folder; `close` ends both. */
export async function startSendBench(prefix: string) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { eventDeskSendBench: true } });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), prefix));
  const vault = createVault({ file: path.join(dataFolder, 'secrets.json'), cipher: noKeyStore });
  const environments = createEnvironments({
    dataFolder,
    vault,
    sandbox: { url: () => url, username: 'demo', apiKey: 'demo-api-key', maxBodyBytes: 1_048_576, strict: true },
  });
  await environments.load();
  const httpFetch = (input: string, init?: RequestInit) => fetch(input, init);
  const sessions = createSessions({ environments, vault, fetch: httpFetch, push: () => undefined });
  const close = async () => {
    sessions.dispose();
    await worker.terminate();
    await rm(dataFolder, { recursive: true, force: true });
  };
  try {
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: 'demo-password', rememberPassword: false });
  } catch (error) {
    await close();
    throw error;
  }
  return { url, dataFolder, vault, environments, sessions, httpFetch, close };
}
