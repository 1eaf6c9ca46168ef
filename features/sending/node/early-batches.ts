import { AppError } from '../../../base/common/errors.ts';
import { inSlices } from '../../../base/node/slices.ts';
import type { Environment } from '../../environments/common/environment.ts';
import { preparing, type PreparedBatch } from './sending-batch.ts';

/**
 * Batches read for sending before the services start: the command line hands its batch to the
 * services' thread as soon as it has read it, and the thread reads it for sending (templates
 * resolved, chunked, hashed, its search text gathered) while the command validates the same text
 * on its own thread. The send then starts from what was read, named by its key, instead of
 * reading the batch a second time once validation has passed. Its templates are resolved when
 * it is read (`{{$now}}` is the time it was handed over, before the check and the login), and
 * always: a batch whose templates were resolved already goes as its text.
 */

/** What reading a batch ahead needs of the environment it goes to. */
export type EarlyEnvironment = Pick<Environment, 'id' | 'variables' | 'timeZone'>;

/** A batch read early, named in place of its text (`Sending.start`). */
export interface EarlyBatchKey {
  early: string;
}

export interface EarlyBatches {
  /** Starts reading `text` for sending to an environment with these settings, kept under `key`. */
  prepare(key: string, environment: EarlyEnvironment, text: string): void;
  /**
   * What was read under `key` for environment `environmentId`: rejects with the AppError saying
   * why the batch cannot be sent, as a send of its text would.
   */
  read(key: string, environmentId: string): Promise<PreparedBatch>;
  /** Lets go of what was read under `key` (its send has started). */
  forget(key: string): void;
}

/** At most this many batches are kept read ahead: a command sends one. */
const KEPT = 4;

export function createEarlyBatches(): EarlyBatches {
  const kept = new Map<string, { environmentId: string; prepared: Promise<PreparedBatch> }>();
  return {
    prepare(key, environment, text) {
      if (kept.size >= KEPT && !kept.has(key)) kept.delete(kept.keys().next().value!);
      const prepared = inSlices(preparing(environment, text, new Date()));
      // Its failure is said by the send that reads it; until then it is no unhandled rejection.
      prepared.catch(() => undefined);
      kept.set(key, { environmentId: environment.id, prepared });
    },
    read(key, environmentId) {
      const batch = kept.get(key);
      if (!batch || batch.environmentId !== environmentId) {
        return Promise.reject(new AppError('batch-not-read-ahead', `No batch was read ahead as “${key}” for this environment; nothing was sent.`));
      }
      return batch.prepared;
    },
    forget(key) {
      kept.delete(key);
    },
  };
}

/**
 * Starts sends of a batch (through `start`: Sending.start, here or on the services' thread) from
 * what was read ahead under `key` (null: nothing was), or from its text once the services have
 * none under it: they started again since (a crash) and lost it.
 */
export function startingFrom<Tuning, Result>(
  start: (environmentId: string, batch: string | EarlyBatchKey, again: boolean, tuning?: Tuning) => Promise<Result>,
  key: string | null,
  text: string,
): (environmentId: string, again: boolean, tuning?: Tuning) => Promise<Result> {
  let batch: string | EarlyBatchKey = key === null ? text : { early: key };
  return async (environmentId, again, tuning) => {
    try {
      return await start(environmentId, batch, again, tuning);
    } catch (error) {
      if (typeof batch === 'string' || !(error instanceof AppError) || error.code !== 'batch-not-read-ahead') throw error;
      batch = text;
      return start(environmentId, batch, again, tuning);
    }
  };
}
