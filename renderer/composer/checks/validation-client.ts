import type { ContentChange } from '../../../features/validation/common/incremental.ts';
import type { ValidationAnswer, ValidationRequest, WorkerRules } from './validation-protocol.ts';
import ValidationWorker from './validation.worker.ts?worker';

/**
 * The composer's handle on its validation worker. One request is in flight at a time; what
 * comes meanwhile waits, edits merged into one request (their changes in order) and a whole
 * text replacing everything before it, so the worker never falls behind the typing. An answer
 * reaches `onAnswer` only when nothing newer waits: any other is stale.
 */

export interface ValidationClient {
  /** Validates a whole text: the first, or one that replaces the editor's content; `plan` is the address of a plan's validators, or null. */
  full(text: string, rules: WorkerRules, plan: string | null): void;
  /** Validates the last text with Monaco's content changes applied, in order. */
  edit(changes: readonly ContentChange[], rules: WorkerRules, plan: string | null): void;
  dispose(): void;
}

/** What the client needs of a Worker: a test gives it one that answers in process. */
export interface ValidationPort {
  postMessage(request: ValidationRequest): void;
  onmessage: ((message: MessageEvent<ValidationAnswer>) => void) | null;
  terminate(): void;
}

export function createValidationClient(
  onAnswer: (answer: ValidationAnswer) => void,
  startWorker: () => ValidationPort = () => new ValidationWorker(),
): ValidationClient {
  const worker = startWorker();
  let lastId = 0;
  let inFlight = false;
  // A whole text waits before the edits made after it, which wait merged.
  let waitingText: { text: string; rules: WorkerRules; plan: string | null } | null = null;
  let waitingEdit: { changes: ContentChange[]; rules: WorkerRules; plan: string | null } | null = null;
  let disposed = false;

  const send = () => {
    if (inFlight || disposed) return;
    if (waitingText) {
      worker.postMessage({ id: ++lastId, kind: 'full', ...waitingText });
      waitingText = null;
    } else if (waitingEdit) {
      worker.postMessage({ id: ++lastId, kind: 'edit', ...waitingEdit });
      waitingEdit = null;
    } else {
      return;
    }
    inFlight = true;
  };

  worker.onmessage = (message) => {
    inFlight = false;
    if (!waitingText && !waitingEdit && !disposed) onAnswer(message.data);
    send();
  };

  return {
    full(text, rules, plan) {
      waitingText = { text, rules, plan };
      waitingEdit = null;
      send();
    },
    edit(changes, rules, plan) {
      waitingEdit = { changes: [...(waitingEdit?.changes ?? []), ...changes], rules, plan };
      send();
    },
    dispose() {
      disposed = true;
      worker.terminate();
    },
  };
}
