import { createValidationResponder, type ValidationRequest } from './validation-protocol.ts';

/** Validation runs here, off the UI thread, so a 28 MB batch never freezes typing. */
export type { ValidationAnswer, ValidationRequest } from './validation-protocol.ts';

const respond = createValidationResponder();

self.onmessage = (message: MessageEvent<ValidationRequest>) => {
  self.postMessage(respond(message.data));
};
