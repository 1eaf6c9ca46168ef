import type { SandboxInfo } from '../common/sandbox.ts';
import type { SandboxForwardStatus } from '../common/sandbox-forward.ts';
import type { SandboxPortStatus } from '../common/sandbox-port.ts';
import type { EmbeddedSandbox } from '../server/port.ts';
import type { SandboxSettingsFile } from './sandbox-settings.ts';

/**
 * Where the embedded sandbox listens, as the Sandbox tab shows and changes it. A port applied
 * there moves the listener at once (traffic, tokens and plan stay with the sandbox), is saved
 * for the next start, and every user of the sandbox's address follows: the "Local sandbox"
 * environment resolves it at each call, and its login and secrets are settled by `onMoved`.
 */

export type SandboxView = SandboxInfo & { port: SandboxPortStatus; forward: SandboxForwardStatus };

export interface SandboxAddressDeps {
  embedded: EmbeddedSandbox;
  settings: SandboxSettingsFile;
  /** Called once it listens at its new address, with the old one. */
  onMoved(from: string): Promise<void>;
  /** Where it forwards to, for the view (features/sandbox/node/sandbox-forward.ts). */
  forward(): SandboxForwardStatus;
}

export function createSandboxAddress(deps: SandboxAddressDeps) {
  const { sandbox } = deps.embedded;
  let status = deps.embedded.port;
  /** Moves go one at a time (two windows may ask at once): a listener is never closed under a move still listening. */
  let moving: Promise<unknown> = Promise.resolve();

  async function move(port: number): Promise<void> {
    const from = sandbox.url;
    await sandbox.listenOn(port);
    status = { ...status, requested: port, source: 'saved', note: null };
    if (sandbox.url !== from) await deps.onMoved(from);
    await deps.settings.update({ port });
  }

  return {
    view(): SandboxView {
      return { ...sandbox.info(), port: { ...status, port: sandbox.options.port }, forward: deps.forward() };
    },

    /** Listens on `port` from now on and at the next start; a port another program holds is refused (sandbox-port-taken) and nothing changes. */
    async setPort(port: number): Promise<SandboxView> {
      const moved = moving.then(() => move(port));
      moving = moved.catch(() => undefined);
      await moved;
      return this.view();
    },
  };
}
export type SandboxAddress = ReturnType<typeof createSandboxAddress>;
