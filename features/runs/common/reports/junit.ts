import { countSteps, type RunResult, type ScenarioResult, type StepResult } from '../run-result.ts';
import { xmlAttribute, xmlText } from './xml-text.ts';

/**
 * A run as JUnit XML, in the shape CI servers read (Jenkins' JUnit schema, which GitHub Actions'
 * and GitLab's report readers follow): one testsuite per scenario, one testcase per step and data
 * row, a failed step's reason and submission id in its <failure>, the steps a failure or --bail
 * left unrun as <skipped>, and a scenario that could not run at all as one testcase in <error>.
 */

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function attributes(pairs: Record<string, string | number>): string {
  return Object.entries(pairs)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');
}

/** "step 2: send batches/purchase.json (row 3)", so each data row is a case of its own. */
export function stepCaseName(step: StepResult): string {
  return `step ${step.index + 1}: ${step.name}${step.row === null ? '' : ` (row ${step.row})`}`;
}

function failureText(step: StepResult): string {
  const lines = [step.reason ?? 'failed'];
  if (step.submissionId !== null) lines.push(`Submission: ${step.submissionId}`);
  if (step.environment !== null) lines.push(`Environment: ${step.environment}`);
  return lines.join('\n');
}

function testCase(scenario: ScenarioResult, step: StepResult): string {
  const head = `    <testcase${attributes({ name: stepCaseName(step), classname: scenario.file, time: seconds(step.durationMs) })}`;
  switch (step.status) {
    case 'passed':
      return `${head}/>`;
    case 'skipped':
      return `${head}>\n      <skipped>${xmlText(step.reason ?? 'not run')}</skipped>\n    </testcase>`;
    case 'failed':
      return `${head}>\n      <failure${attributes({ message: step.reason ?? 'failed', type: 'step-failed' })}>${xmlText(failureText(step))}</failure>\n    </testcase>`;
  }
}

function brokenCase(scenario: ScenarioResult): string {
  const problem = scenario.problem ?? 'The scenario could not run.';
  return `    <testcase${attributes({ name: `load ${scenario.file}`, classname: scenario.file, time: '0.000' })}>\n      <error${attributes({ message: problem, type: 'broken-scenario' })}>${xmlText(problem)}</error>\n    </testcase>`;
}

function testSuite(scenario: ScenarioResult, index: number): string {
  const counts = countSteps({ scenarios: [scenario] });
  const broken = scenario.status === 'broken';
  const cases = broken ? [brokenCase(scenario)] : scenario.steps.map((step) => testCase(scenario, step));
  const suite = attributes({
    name: scenario.name,
    tests: broken ? 1 : scenario.steps.length,
    failures: broken ? 0 : counts.failed,
    errors: broken ? 1 : 0,
    skipped: counts.skipped,
    time: seconds(scenario.durationMs),
    timestamp: scenario.startedAt.replace(/\.\d+Z$/, 'Z'),
    id: index,
  });
  const properties = `    <properties>\n      <property${attributes({ name: 'file', value: scenario.file })}/>\n    </properties>`;
  return `  <testsuite${suite}>\n${[properties, ...cases].join('\n')}\n  </testsuite>`;
}

export function junitReport(run: RunResult, name: string): string {
  const counts = countSteps(run);
  const broken = run.scenarios.filter((scenario) => scenario.status === 'broken').length;
  const root = attributes({
    name,
    tests: counts.passed + counts.failed + counts.skipped,
    failures: counts.failed - broken,
    errors: broken,
    time: seconds(run.durationMs),
  });
  const suites = run.scenarios.map(testSuite);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${root}>\n${suites.join('\n')}${suites.length > 0 ? '\n' : ''}</testsuites>\n`;
}
