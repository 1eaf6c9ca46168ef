import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { SandboxStartOptions } from '../../../features/sandbox/server/config.ts';
import { captureSandbox } from '../../../features/capture/node/capture-sandbox.ts';
import { CAPTURE_WRITER_SCRIPT } from '../../../app/node/runtime-files.ts';
import type { CaptureRecorderOptions } from '../../../features/capture/node/capture-recorder.ts';
import { captureFileIn, openCapture, type CaptureStore, type CaptureStoreOptions } from '../../../features/capture/node/capture-store.ts';
import { useSandbox } from '../sandbox/sandbox-client.ts';
import type { SandboxServer } from '../../../features/sandbox/server/server.ts';

/** A data folder of its own per test, removed after it. */
export async function dataFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-capture-'));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

export interface CapturingSandbox {
  sandbox: SandboxServer;
  store: CaptureStore;
  /** Resolves once everything received so far is written. */
  drained(): Promise<void>;
  file: string;
}

/** A real sandbox capturing into a real capture.sqlite in `folder`; both closed after the test. */
export async function capturingSandbox(
  folder: string,
  options: SandboxStartOptions = {},
  capture: CaptureStoreOptions & Partial<CaptureRecorderOptions> = {},
): Promise<CapturingSandbox> {
  const sandbox = await useSandbox(options);
  const file = captureFileIn(folder);
  const store = openCapture(file, { log: () => undefined, ...capture });
  const capturing = captureSandbox(sandbox, store, { writerScript: CAPTURE_WRITER_SCRIPT, log: () => undefined, ...capture });
  onTestFinished(async () => {
    await capturing.stop();
    store.close();
  });
  return { sandbox, store, file, drained: () => capturing.recorder.drained() };
}
