import { respondToImport, type ImportRequest } from './import-protocol.ts';

/** Imports are read, parsed and written as a batch's text here, off the UI thread, so a 25 MB file never freezes the page. */
self.onmessage = (message: MessageEvent<ImportRequest>) => {
  void respondToImport(message.data).then((answer) => self.postMessage(answer));
};
