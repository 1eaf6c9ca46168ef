import type { Diagnostic } from '../../features/validation/common/validation.ts';
import { createValidationClient } from '../composer/checks/validation-client.ts';
import type { WorkerRules } from '../composer/checks/validation-protocol.ts';

export interface BatchCheck {
  diagnostics: Diagnostic[];
  /** Why the plan's validators could not be loaded (the batch was checked without them), or null. */
  planProblem: string | null;
}

/**
 * A batch's diagnostics under an environment's rules and, when `plan` (its validators' address,
 * plans:of) is given, its tracking plan: worked out once by the composer's validation worker,
 * off the page's thread, as the composer's Send checks its batch.
 */
export function checkBatch(text: string, rules: WorkerRules, plan: string | null): Promise<BatchCheck> {
  return new Promise((resolve) => {
    const client = createValidationClient((answer) => {
      client.dispose();
      resolve({ diagnostics: answer.diagnostics, planProblem: answer.planProblem });
    });
    client.full(text, rules, plan);
  });
}
