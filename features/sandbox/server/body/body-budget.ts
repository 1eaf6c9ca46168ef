/**
 * One budget for the request bodies held in memory at once, shared by every connection, so
 * many clients each sending a body under the per-request limit still cannot fill the app's
 * memory: past the budget, a body is refused instead of buffered.
 */

/** What one request holds of the budget; released once its body is no longer needed. */
export interface BodyLease {
  /** Grows the lease to `bytes` in all; false, growing nothing, when the budget has no room. */
  growTo(bytes: number): boolean;
  release(): void;
}

export function createBodyBudget(totalBytes: number) {
  let held = 0;

  return {
    /** Bytes of request bodies held now. */
    held: () => held,

    lease(): BodyLease {
      let leased = 0;
      return {
        growTo(bytes) {
          if (bytes <= leased) return true;
          if (held + bytes - leased > totalBytes) return false;
          held += bytes - leased;
          leased = bytes;
          return true;
        },
        release() {
          held -= leased;
          leased = 0;
        },
      };
    },
  };
}
export type BodyBudget = ReturnType<typeof createBodyBudget>;
