import { resolveTimeZone } from '../../environments/common/environment.ts';
import { validateBatchWithPlan } from '../../plans/common/plan-diagnostics.ts';
import { validationCounts } from '../common/expectations.ts';
import type { StepSender } from '../common/run-deps.ts';
import { rulesFor, validateBatch } from '../../validation/common/validation.ts';
import { loadPlanInSlices, type LoadedPlan } from '../../plans/node/load.ts';
import { readPlanFileText } from '../../plans/node/plan-file-text.ts';

/**
 * A step's batch checked as Send checks it: the environment's rules and its tracking plan. One
 * per run, by both senders (the app's and `eventdesk run`'s): each plan file is read once a run,
 * so a plan edited during the run does not change it half-way. It is compiled whole, in slices:
 * a step's events may cover all of a plan's 1 000 kinds, and the thread that runs the step (the
 * services' one) keeps answering calls meanwhile.
 */
export function createStepValidation(): StepSender['validate'] {
  const plans = new Map<string, Promise<LoadedPlan>>();

  function planOf(file: string): Promise<LoadedPlan> {
    let found = plans.get(file);
    if (!found) {
      found = readPlanFileText(file).then((text) => loadPlanInSlices(text, file, { module: false }));
      plans.set(file, found);
    }
    return found;
  }

  return async (environment, events) => {
    const text = JSON.stringify(events);
    const rules = rulesFor({ ...environment, timeZone: resolveTimeZone(environment.timeZone) });
    if (environment.planFile === null) return validationCounts(validateBatch(text, rules).diagnostics);
    const result = validateBatchWithPlan(text, rules, await planOf(environment.planFile));
    return validationCounts(result.diagnostics, result);
  };
}
