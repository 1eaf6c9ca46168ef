import { z } from 'zod';
import { AppError } from '../../../base/common/errors.ts';

/**
 * Where the embedded sandbox listens. An SDK's settings name its address, so the port stays the
 * same from one start to the next: EVENTDESK_SANDBOX_PORT, else the port saved in the Sandbox
 * tab, else DEFAULT_SANDBOX_PORT; a port another program holds gives way to the next free one,
 * and the tab says so. `eventdesk sandbox` follows the same rules: --port, else the default.
 */

/**
 * Below the ports Linux (32768–60999), Windows and macOS (49152–65535) lend to outgoing
 * connections, so no connection of the computer's own ever holds it; and clear, with the ports
 * after it, of the defaults of common development servers and databases (3000s, 4200, 5000s,
 * 8000s, 9000s).
 */
export const DEFAULT_SANDBOX_PORT = 4797;

/** A port a person may choose: below 1024 a program needs privileges to listen. */
export const PORT_MIN = 1024;
/** Asked for instead of a port (EVENTDESK_SANDBOX_PORT=0, `eventdesk sandbox --port 0`, the tests): any free one. */
export const ANY_FREE_PORT = 0;
export const PORT_MAX = 65_535;

export const SandboxPortNumberSchema = z
  .number({ error: `A port is a whole number from ${PORT_MIN} to ${PORT_MAX}.` })
  .int(`A port is a whole number from ${PORT_MIN} to ${PORT_MAX}.`)
  .min(PORT_MIN, `A port is a whole number from ${PORT_MIN} to ${PORT_MAX}; below ${PORT_MIN} only privileged programs may listen.`)
  .max(PORT_MAX, `A port is a whole number from ${PORT_MIN} to ${PORT_MAX}.`);

/** Who chose the port asked for: the EVENTDESK_SANDBOX_PORT variable, the Sandbox tab, or nobody. */
export const SandboxPortSourceSchema = z.enum(['variable', 'saved', 'default']);
export type SandboxPortSource = z.infer<typeof SandboxPortSourceSchema>;

export const SandboxPortStatusSchema = z.object({
  /** The port it listens on. */
  port: z.number().int().min(1).max(PORT_MAX),
  /** The port asked for; 0 for any free one (EVENTDESK_SANDBOX_PORT=0). */
  requested: z.number().int().min(0).max(PORT_MAX),
  source: SandboxPortSourceSchema,
  /** EVENTDESK_SANDBOX_PORT when set: it chooses the port at each start, before the saved one. */
  variable: z.number().int().min(0).max(PORT_MAX).nullable(),
  /** Said plainly when it listens elsewhere than asked: "Port 4797 was in use; the sandbox listens on 4798." */
  note: z.string().nullable(),
});
export type SandboxPortStatus = z.infer<typeof SandboxPortStatusSchema>;

/** The port field's text as a port, or the reason it is none. */
export function readPort(text: string): { ok: true; port: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const parsed = SandboxPortNumberSchema.safeParse(/^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN);
  return parsed.success ? { ok: true, port: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}

/**
 * The port asked for at start, by EVENTDESK_SANDBOX_PORT (the app) or `--port` (`eventdesk
 * sandbox`): one rule for both, a port a person may choose or 0 for any free one.
 */
export function readRequestedPort(text: string): { ok: true; port: number } | { ok: false; message: string } {
  if (text.trim() === String(ANY_FREE_PORT)) return { ok: true, port: ANY_FREE_PORT };
  const read = readPort(text);
  return read.ok ? read : { ok: false, message: `${read.message} Or ${ANY_FREE_PORT} for any free port.` };
}

/**
 * EVENTDESK_SANDBOX_PORT's text as the port it asks for (0: any free one), null when unset. A
 * value that is no port is an error the person who set it hears at start, as a wrong flag is.
 */
export function portFromVariable(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const read = readRequestedPort(text);
  if (!read.ok) throw new AppError('sandbox-options', `EVENTDESK_SANDBOX_PORT is "${text}": ${read.message}`);
  return read.port;
}
