import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { createServicesSender } from '../../../app/cli/run/services-sender.ts';
import { workspaceRunDeps } from '../../../features/runs/node/workspace-run.ts';
import type { SandboxStartOptions } from '../../../features/sandbox/server/config.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';
import { loadWorkspace } from '../../../features/workspace/node/scan.ts';
import { runScenarios } from '../../../features/runs/common/engine.ts';
import type { RunProgress, RunResult } from '../../../features/runs/common/run-result.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { validEvent } from '../../fixtures/events.ts';

/**
 * A workspace in a temporary folder, run by the real engine through the real services thread
 * (a real SQLite History in a temporary data folder) against a real sandbox on loopback.
 */

export async function useSandbox(options: SandboxStartOptions = {}): Promise<SandboxServer> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', ...options });
  onTestFinished(() => sandbox.close());
  return sandbox;
}

/** Event n of a test: its own token and customer, so each is told apart in a diff. */
export const event = (n: number, fields: Record<string, unknown> = {}) =>
  validEvent({ token: `t-${n}`, customer_id: `c-${n}`, svc_id: n, created_at: '2026-11-22 10:00:00', attributes: {}, ...fields });

export const scenario = (name: string, steps: unknown[], extra: Record<string, unknown> = {}) => ({
  format: 'eventdesk.scenario',
  version: 1,
  name,
  ...extra,
  steps,
});

export interface RunWorkspace {
  root: string;
  dataFolder: string;
  run(scenarios: string[], options?: { bail?: boolean; signal?: AbortSignal }): Promise<{ result: RunResult; progress: RunProgress[] }>;
  /** A submission as History keeps it. */
  submission(id: string): ReturnType<ReturnType<typeof openSubmissions>['get']>;
}

/**
 * `files` by their paths in the workspace (objects written as JSON); the environment "sandbox"
 * points at `sandbox` unless `files` says otherwise and is the manifest's default; `plan` is
 * the manifest's tracking plan.
 */
export async function runWorkspace(sandbox: SandboxServer, files: Record<string, unknown>, plan: string | null = null): Promise<RunWorkspace> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-run-workspace-'));
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-run-data-'));
  onTestFinished(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(dataFolder, { recursive: true, force: true });
  });
  const manifest = { format: 'eventdesk.workspace', version: 1, name: 'Runs test', defaultEnvironment: 'sandbox', plan };
  const all = { 'eventdesk.json': manifest, 'environments/sandbox.env.json': { name: 'sandbox', baseUrl: sandbox.url, maxAttempts: 3 }, ...files };
  for (const [file, content] of Object.entries(all)) {
    const target = path.join(root, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  const sender = createServicesSender({
    dataFolder,
    credentials: () => ({ username: SANDBOX_DEMO_CREDENTIALS.username, password: SANDBOX_DEMO_CREDENTIALS.password, apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey }),
  });
  onTestFinished(() => sender.close());
  const deps = workspaceRunDeps(await loadWorkspace(root), sender);
  return {
    root,
    dataFolder,
    async run(scenarios, options = {}) {
      const progress: RunProgress[] = [];
      const result = await runScenarios({ workspace: root, scenarios, bail: options.bail ?? false }, deps, (each) => progress.push(each), options.signal);
      return { result, progress };
    },
    submission(id) {
      const history = openSubmissions(path.join(dataFolder, 'submissions.sqlite'));
      try {
        return history.get(id);
      } finally {
        history.close();
      }
    },
  };
}
