import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import type { Envelope } from '../../../base/common/errors.ts';
import { patchFaults, SandboxFaultsPatchSchema, type ForcedFailure, type SandboxFaults, type SandboxRequestRecord } from '../common/sandbox.ts';
import { failure, type Answer } from './route.ts';

/** Fault injection: the answers a client's retry and back-off logic has to cope with. */

export interface ForcedAnswer {
  answer: Answer;
  source: NonNullable<SandboxRequestRecord['fault']>;
}

/** `Too Many Requests` becomes `too-many-requests`, the error code of a forced status. */
function errorCodeOf(status: number): string {
  return (STATUS_CODES[status] ?? `status ${status}`).toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export function createFaultInjector(initial: SandboxFaults, now: () => Date) {
  // Replaced whole on every change, never mutated, so handing it out read-only is safe.
  let faults: Readonly<SandboxFaults> = initial;

  function retryAfter(): string {
    if (!faults.retryAfterAsDate) return String(faults.retryAfterSeconds);
    return new Date(now().getTime() + faults.retryAfterSeconds * 1000).toUTCString();
  }

  function forced(failureOrReset: ForcedFailure, source: ForcedAnswer['source']): ForcedAnswer {
    if (failureOrReset === 'reset') return { answer: 'reset', source };
    const reply = failure(failureOrReset, errorCodeOf(failureOrReset), `Forced by the sandbox's fault injection (${source}).`);
    if (failureOrReset === 429) reply.headers = { 'Retry-After': retryAfter() };
    return { answer: reply, source };
  }

  return {
    current(): Readonly<SandboxFaults> {
      return faults;
    },

    update(patch: unknown): Envelope<Readonly<SandboxFaults>> {
      const parsed = SandboxFaultsPatchSchema.safeParse(patch);
      if (!parsed.success) return { ok: false, error: { code: 'sandbox-faults', message: `Invalid sandbox faults: ${z.prettifyError(parsed.error)}` } };
      faults = patchFaults(faults, parsed.data);
      return { ok: true, value: faults };
    },

    /**
     * Decides the fate of the next /user/events request: the next entry of the fail sequence
     * if there is one (200 answers normally), else a forced failure at the fail rate.
     */
    next(): ForcedAnswer | null {
      const [planned, ...rest] = faults.failSequence;
      if (planned !== undefined) {
        faults = { ...faults, failSequence: rest };
        return planned === 200 ? null : forced(planned, 'fail-sequence');
      }
      return faults.failRate > 0 && Math.random() < faults.failRate ? forced(faults.failStatus, 'fail-rate') : null;
    },
  };
}
export type FaultInjector = ReturnType<typeof createFaultInjector>;
