import type { SandboxServer } from '../../sandbox/server/server.ts';
import { createCaptureRecorder, type CaptureRecorderOptions } from './capture-recorder.ts';
import type { CaptureStore } from './capture-store.ts';

/**
 * A sandbox capturing into a store, as the app and `eventdesk sandbox --capture` run it: the
 * retention applied first, the recorder masking with the sandbox's own API keys and passwords.
 * stop() writes what is queued and ends the writer's thread.
 */
export function captureSandbox(sandbox: SandboxServer, store: CaptureStore, options: CaptureRecorderOptions) {
  const { apiKeys, users, serviceIdField } = sandbox.options;
  const recorder = createCaptureRecorder(store, { secrets: [...apiKeys, ...users.map((user) => user.password)], serviceIdField }, options);
  const capturing = store.status().capturing;
  if (capturing) {
    recorder.applyRetention();
    recorder.start();
  }
  const unsubscribe = capturing ? sandbox.onExchange(recorder.listener) : () => undefined;
  return {
    recorder,
    async stop(): Promise<void> {
      unsubscribe();
      await recorder.close();
    },
  };
}
