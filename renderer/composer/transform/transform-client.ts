import { createWorkerClient, type DistributiveOmit, type WorkerClient, type WorkerPort } from '../../base/worker-client.ts';
import type { TransformAnswer, TransformRequest } from './transform-protocol.ts';
import TransformWorker from './transform.worker.ts?worker';

/** The transform dialog's handle on its worker: one request at a time (see createWorkerClient). */

export type TransformPort = WorkerPort<TransformRequest, TransformAnswer>;
export type TransformClient = WorkerClient<DistributiveOmit<TransformRequest, 'id'>, TransformAnswer>;

export const CANCELLED = 'Cancelled: the batch is as it was.';

export function createTransformClient(startWorker: () => TransformPort = () => new TransformWorker()): TransformClient {
  return createWorkerClient(startWorker, (id) => ({ id, ok: false, message: CANCELLED }));
}
