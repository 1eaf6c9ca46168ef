/**
 * A page's handle on a worker it asks one thing at a time, each answer a promise. Cancelling
 * ends the worker (a parse or a transform of 100 000 events has no point to stop at) and
 * resolves the waiting request with `cancelled`; the next request starts a fresh worker.
 */

/** What the client needs of a Worker: a test gives it one that answers in process. */
export interface WorkerPort<Request, Answer> {
  postMessage(request: Request): void;
  onmessage: ((message: MessageEvent<Answer>) => void) | null;
  terminate(): void;
}

export interface WorkerClient<Request, Answer> {
  ask(request: Request): Promise<Answer>;
  /** Ends the worker; a request waiting resolves as cancelled. */
  cancel(): void;
}

/** Requests and answers carry the id that pairs them: an answer to a request since cancelled is dropped. */
type Numbered = { id: number };

export function createWorkerClient<Request extends Numbered, Answer extends Numbered>(
  startWorker: () => WorkerPort<Request, Answer>,
  cancelled: (id: number) => Answer,
): WorkerClient<DistributiveOmit<Request, 'id'>, Answer> {
  let worker: WorkerPort<Request, Answer> | null = null;
  let lastId = 0;
  let waiting: { id: number; resolve: (answer: Answer) => void } | null = null;

  const started = (): WorkerPort<Request, Answer> => {
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
        // The request with its id back: the type system cannot see that putting back the key taken out restores Request.
        started().postMessage({ ...request, id } as unknown as Request);
      });
    },
    cancel() {
      worker?.terminate();
      worker = null;
      if (waiting) waiting.resolve(cancelled(waiting.id));
      waiting = null;
    },
  };
}

/** A union's members each without `key` (Omit of a union would merge them into one). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
