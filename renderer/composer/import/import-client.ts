import { createWorkerClient, type DistributiveOmit, type WorkerClient, type WorkerPort } from '../../base/worker-client.ts';
import type { ImportAnswer, ImportRequest } from './import-protocol.ts';
import ImportWorker from './import.worker.ts?worker';

export type ImportPort = WorkerPort<ImportRequest, ImportAnswer>;
export type ImportClient = WorkerClient<DistributiveOmit<ImportRequest, 'id'>, ImportAnswer>;

/** The composer's handle on its import worker: one file at a time, cancelled by ending the worker. */
export function createImportClient(startWorker: () => ImportPort = () => new ImportWorker()): ImportClient {
  return createWorkerClient(startWorker, (id) => ({ id, kind: 'cancelled' }));
}
