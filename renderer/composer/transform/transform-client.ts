import type { TransformAnswer, TransformRequest } from './transform-protocol.ts';
import TransformWorker from './transform.worker.ts?worker';

/**
 * The transform dialog's handle on its worker: one request at a time, answered as a promise.
 * Cancelling ends the worker (a transform of 100 000 events has no point to stop at) and the
 * next request starts a fresh one.
 */

type Request = TransformRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What the client needs of a Worker: a test gives it one that answers in process. */
export interface TransformPort {
  postMessage(request: TransformRequest): void;
  onmessage: ((message: MessageEvent<TransformAnswer>) => void) | null;
  terminate(): void;
}

export interface TransformClient {
  ask(request: Request): Promise<TransformAnswer>;
  /** Ends the worker; a request waiting resolves as cancelled. */
  cancel(): void;
}

export const CANCELLED = 'Cancelled: the batch is as it was.';

export function createTransformClient(startWorker: () => TransformPort = () => new TransformWorker()): TransformClient {
  let worker: TransformPort | null = null;
  let lastId = 0;
  let waiting: { id: number; resolve: (answer: TransformAnswer) => void } | null = null;

  const started = (): TransformPort => {
    if (worker) return worker;
    const port = startWorker();
    port.onmessage = (message) => {
      if (message.data.id !== waiting?.id) return;
      const { resolve } = waiting;
      waiting = null;
      resolve(message.data);
    };
    worker = port;
    return port;
  };

  return {
    ask(request) {
      const id = ++lastId;
      return new Promise((resolve) => {
        waiting = { id, resolve };
        started().postMessage({ ...request, id } as TransformRequest);
      });
    },
    cancel() {
      worker?.terminate();
      worker = null;
      if (waiting) waiting.resolve({ id: waiting.id, ok: false, message: CANCELLED });
      waiting = null;
    },
  };
}
