import { respondToImport, type ImportAnswer, type ImportRequest } from '../../../renderer/composer/import/import-protocol.ts';

/**
 * The import worker answering in process with its real code, a turn later as a worker would (jsdom
 * has no workers): `vi.mock('…/import.worker.ts?worker', () => import('./in-process-import-worker.ts'))`.
 */
export default class InProcessImportWorker {
  onmessage: ((message: MessageEvent<ImportAnswer>) => void) | null = null;
  private ended = false;
  postMessage(request: ImportRequest) {
    void respondToImport(request).then((answer) => {
      if (!this.ended) this.onmessage?.({ data: answer } as MessageEvent<ImportAnswer>);
    });
  }
  terminate() {
    this.ended = true;
  }
}
