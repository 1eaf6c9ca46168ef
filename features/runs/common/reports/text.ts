import { plural } from '../../../../base/common/plural.ts';
import { countSteps, type RunResult, type ScenarioResult, type StepResult } from '../run-result.ts';
import { terminalText } from '../../../../base/common/terminal-text.ts';
import { stepCaseName } from './junit.ts';

/**
 * A run as people read it in a terminal or a CI log: each scenario with its steps, signs that do
 * not depend on colour, each failure's reason and where to find its submission, and the counts
 * on the last line. Names, files and reasons come from the workspace and the server: nothing in
 * them may drive the terminal that shows the report (terminal-text.ts).
 */

/** A step's status as a sign, in the text report and in `eventdesk run`'s progress. */
export const SIGN = { passed: '✓', failed: '✕', skipped: '-' } as const;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function stepLines(step: StepResult): string[] {
  const lines = [`  ${SIGN[step.status]} ${stepCaseName(step)}  ${step.status === 'skipped' ? 'skipped' : seconds(step.durationMs)}`];
  if (step.status !== 'passed' && step.reason !== null) lines.push(`      ${step.reason.replaceAll('\n', '\n      ')}`);
  if (step.status === 'failed' && step.submissionId !== null) lines.push(`      submission ${step.submissionId} in History`);
  return lines;
}

function scenarioLines(scenario: ScenarioResult): string[] {
  if (scenario.status === 'broken') return [`✕ ${scenario.file}: could not run`, `      ${(scenario.problem ?? '').replaceAll('\n', '\n      ')}`];
  const sign = SIGN[scenario.status];
  return [`${sign} ${scenario.name} (${scenario.file})  ${seconds(scenario.durationMs)}`, ...scenario.steps.flatMap(stepLines)];
}

export function textReport(run: RunResult): string {
  const counts = countSteps(run);
  const lines = run.scenarios.flatMap((scenario) => [...scenarioLines(scenario), '']);
  if (run.stopped) lines.push('The run stopped at the first failure (--bail): the steps after it were not run.');
  lines.push(`${plural(run.scenarios.length, 'scenario')} in ${seconds(run.durationMs)}`);
  lines.push(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  return terminalText(`${lines.join('\n')}\n`);
}
