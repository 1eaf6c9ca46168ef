import type { Scenario, SendStep } from '../../workspace/common/scenario.ts';

/**
 * Which environment each send of a run goes to, in one place: the engine sends by it, and the
 * app and `eventdesk run` ask for every secret a run lacks from it before anything is sent.
 */

/** A step's environment by name: its own, else the run's, else its scenario's; null: the workspace's default. */
export function stepEnvironment(
  step: Pick<SendStep, 'environment'>,
  scenario: Pick<Scenario, 'environment'>,
  runEnvironment: string | null | undefined,
): string | null {
  return step.environment ?? runEnvironment ?? scenario.environment ?? null;
}

/** The environments the send steps of `scenarios` go to, by name, each once, in the order first sent to; a step with none named and no default goes nowhere. */
export function runEnvironmentNames(
  scenarios: readonly Pick<Scenario, 'environment' | 'steps'>[],
  runEnvironment: string | null,
  defaultEnvironment: string | null,
): string[] {
  const names = scenarios.flatMap((scenario) =>
    scenario.steps.flatMap((step) => ('send' in step ? [stepEnvironment(step, scenario, runEnvironment) ?? defaultEnvironment] : [])),
  );
  return [...new Set(names.filter((name) => name !== null))];
}
