import { z } from 'zod';
import { FORWARD_FAILURES } from './sandbox.ts';

/**
 * Forwarding from the embedded sandbox as the Sandbox tab chooses it: to one of the
 * environments, never with any of its secrets (the SDK's own credentials pass through).
 */

/**
 * How much sooner than the environment's request timeout the sandbox gives up on the upstream.
 * The SDK's clock starts before ours (it counts connecting and sending the body, which the
 * sandbox reads whole before forwarding) and runs on while our 502 travels back; and its timeout
 * is often the same figure (30 s is both an environment's default and a common SDK's). Waiting
 * the whole timeout, our 502 would come just after the SDK gave up, and it would report a bare
 * timeout instead of the reason. A tenth of the timeout covers that, at least 0.5 s and at most 5 s.
 */
export function forwardMarginMs(requestTimeoutMs: number): number {
  return Math.min(5000, Math.max(500, Math.round(requestTimeoutMs / 10)));
}

/** How long the sandbox waits for the upstream's answer when forwarding to an environment with this request timeout. */
export function forwardTimeoutMs(requestTimeoutMs: number): number {
  return Math.max(1, requestTimeoutMs - forwardMarginMs(requestTimeoutMs));
}

export const SandboxForwardStatusSchema = z.object({
  /** Where requests for the service go now; null when the sandbox answers them itself. */
  target: z
    .object({
      environmentId: z.string(),
      environmentName: z.string(),
      /** The environment's base URL, as resolved when forwarding began or the environment last changed. */
      url: z.string(),
      /** How long the sandbox waits for the upstream: the environment's request timeout less forwardMarginMs. */
      timeoutMs: z.number().int(),
      requestTimeoutMs: z.number().int(),
    })
    .nullable(),
  /** Why forwarding turned itself off (the environment was deleted, or now leads back to the sandbox); null after a choice. */
  notice: z.string().nullable(),
  /** The latest request the upstream gave no answer to since forwarding last changed; null when none. */
  lastFailure: z
    .object({
      /** When the request arrived, ISO 8601. */
      time: z.string(),
      url: z.string(),
      failure: z.enum(FORWARD_FAILURES),
      /** What the SDK was told, naming the upstream's host and what happened. */
      message: z.string(),
    })
    .nullable(),
});
export type SandboxForwardStatus = z.infer<typeof SandboxForwardStatusSchema>;
