import { importPlan } from './plan-runtime.ts';
import { createValidationResponder, type ValidationRequest } from './validation-protocol.ts';

/** Validation runs here, off the UI thread, so a 28 MB batch never freezes typing. */
export type { ValidationAnswer, ValidationRequest } from './validation-protocol.ts';

const respond = createValidationResponder(() => new Date(), importPlan);

self.onmessage = async (message: MessageEvent<ValidationRequest>) => {
  self.postMessage(await respond(message.data));
};
