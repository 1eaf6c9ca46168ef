import { AppError } from '../../../base/common/errors.ts';
import { planProblemText } from '../../../features/plans/common/plan-problem.ts';
import { validateBatchWithPlan, type PlanValidationResult } from '../../../features/plans/common/plan-diagnostics.ts';
import type { ValidationRules } from '../../../features/validation/common/validation.ts';
import { loadPlan } from '../../../features/plans/node/load.ts';
import type { CliIo } from '../shared/command.ts';
import { UsageError } from '../shared/flags.ts';

/**
 * `eventdesk validate FILE --plan PLAN`: the batch's diagnostics with the plan's violations
 * among them. A plan that is no plan makes the command unusable (exit 2); a broken kind is
 * named on standard error and the rest of the plan still applies.
 */
export function validateWithPlan(text: string, rules: ValidationRules, planFile: string, planText: string, io: CliIo): PlanValidationResult {
  let plan;
  try {
    plan = loadPlan(planText, planFile);
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(`--plan: ${error.message}`);
    throw error;
  }
  for (const problem of plan.problems)
    io.stderr(`${planFile}: ${problem.severity}: ${planProblemText(problem)}${problem.severity === 'error' ? ' (left unchecked)' : ''}\n`);
  return validateBatchWithPlan(text, rules, plan);
}
