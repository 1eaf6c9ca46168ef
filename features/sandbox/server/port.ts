import { AppError } from '../../../base/common/errors.ts';
import { DEFAULT_SANDBOX_PORT, PORT_MAX, type SandboxPortStatus } from '../common/sandbox-port.ts';
import type { SandboxStartOptions } from './config.ts';
import { startSandbox, type SandboxServer } from './server.ts';

/**
 * The sandbox's port at start. The app's: EVENTDESK_SANDBOX_PORT, else the one saved in the
 * Sandbox tab, else the default; `eventdesk sandbox`'s: the default unless --port names one.
 * Held by another program, a port nobody named gives way to the next ones, then any free one.
 */

/** Ports tried from the one asked for before any free one: enough to step past a few instances of anything. */
export const NEARBY_PORTS = 20;

/**
 * The embedded sandbox's options. `port` is the one taken when neither EVENTDESK_SANDBOX_PORT
 * nor the Sandbox tab chose one (DEFAULT_SANDBOX_PORT when absent; the tests ask for any free
 * one), so a port saved in the tab is used wherever the services run.
 */
export type EmbeddedSandboxOptions = SandboxStartOptions & {
  /** EVENTDESK_SANDBOX_PORT as main read it (portFromVariable); absent when unset. */
  portVariable?: number | null;
};

/** The port asked for and who asked. */
export function choosePort(variable: number | null, saved: number | null, fallback = DEFAULT_SANDBOX_PORT): Pick<SandboxPortStatus, 'requested' | 'source'> {
  if (variable !== null) return { requested: variable, source: 'variable' };
  if (saved !== null) return { requested: saved, source: 'saved' };
  return { requested: fallback, source: 'default' };
}

/** The ports tried before any free one: the one asked for and the next ones (none when 0, any free one, was asked for). */
export function nearbyPorts(requested: number): number[] {
  if (requested === 0) return [];
  const last = Math.min(PORT_MAX, requested + NEARBY_PORTS - 1);
  return Array.from({ length: last - requested + 1 }, (_, step) => requested + step);
}

/** What to tell when it listens elsewhere than asked (every port tried before was taken), or null. */
export function fallbackNote(requested: number, port: number): string | null {
  if (requested === 0 || port === requested) return null;
  const nearby = port > requested && port < requested + NEARBY_PORTS;
  const lastTaken = nearby ? port - 1 : Math.min(PORT_MAX, requested + NEARBY_PORTS - 1);
  const taken = lastTaken === requested ? `Port ${requested} was` : `Ports ${requested} to ${lastTaken} were`;
  return `${taken} in use; the sandbox listens on ${port}.`;
}

/** `listenAt` on the first of the candidates that another program does not hold. */
export async function listenNear<T>(requested: number, listenAt: (port: number) => Promise<T>): Promise<T> {
  for (const port of nearbyPorts(requested)) {
    try {
      return await listenAt(port);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'sandbox-port-taken')) throw error;
    }
  }
  return listenAt(0);
}

/** A sandbox started on `requested` or the nearest free port, with the note saying so when it is not `requested`. */
export async function startSandboxNear(
  options: Omit<SandboxStartOptions, 'port'>,
  requested: number,
): Promise<{ sandbox: SandboxServer; note: string | null }> {
  const sandbox = await listenNear(requested, (port) => startSandbox({ ...options, port }));
  return { sandbox, note: fallbackNote(requested, sandbox.options.port) };
}

export interface EmbeddedSandbox {
  sandbox: SandboxServer;
  port: SandboxPortStatus;
}

/** Starts the app's sandbox on the port the variable, the saved choice or the default asks for, or the nearest free one. */
export async function startEmbeddedSandbox(options: EmbeddedSandboxOptions, saved: number | null): Promise<EmbeddedSandbox> {
  const { portVariable, port: fallback, ...rest } = options;
  const variable = portVariable ?? null;
  const { requested, source } = choosePort(variable, saved, fallback);
  const { sandbox, note } = await startSandboxNear(rest, requested);
  return { sandbox, port: { port: sandbox.options.port, requested, source, variable, note } };
}
