import type { Diagnostic } from '../../shared/validation.ts';
import { createValidationClient } from '../composer/validation-client.ts';
import type { WorkerRules } from '../composer/validation-protocol.ts';

/** A batch's diagnostics under an environment's rules, worked out once by the composer's validation worker, off the page's thread. */
export function checkBatch(text: string, rules: WorkerRules): Promise<Diagnostic[]> {
  return new Promise((resolve) => {
    const client = createValidationClient((answer) => {
      client.dispose();
      resolve(answer.diagnostics);
    });
    client.full(text, rules, null);
  });
}
