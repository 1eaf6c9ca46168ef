import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { vi } from 'vitest';
import { startSandbox, type SandboxServer } from '../../features/sandbox/server/server.ts';

/**
 * A sandbox on loopback whose credentials `eventdesk send`, run in this process, finds in the
 * environment variables, as from a shell. The variables are stubbed: undo with vi.unstubAllEnvs();
 * the sandbox is the caller's to close.
 */
export async function sandboxForCli(): Promise<SandboxServer> {
  const credentials = { username: 'qa-cli', password: 'cli-sandbox pw', apiKey: 'cli-sandbox-key' };
  const sandbox = await startSandbox({ port: 0, users: [{ username: credentials.username, password: credentials.password }], apiKeys: [credentials.apiKey] });
  vi.stubEnv('EVENTDESK_USERNAME', credentials.username);
  vi.stubEnv('EVENTDESK_PASSWORD', credentials.password);
  vi.stubEnv('EVENTDESK_API_KEY', credentials.apiKey);
  return sandbox;
}

/** Writes a batch file of one valid event into `folder`; returns its path. */
export async function oneEventBatch(folder: string): Promise<string> {
  const file = path.join(folder, 'batch.json');
  await writeFile(
    file,
    JSON.stringify([
      { token: 't-1', customer_id: 'c-1', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 7, created_at: '2026-11-20 10:00:00', attributes: {} },
    ]),
  );
  return file;
}
