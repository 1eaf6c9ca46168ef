import { describe, expect, it } from 'vitest';
import { DEFAULTS, inputVariable } from '../../action/inputs.ts';
import { MINIMUM_NODE } from '../../app/cli/node-version.ts';
import { readYaml, type Step } from './support/workflow.ts';

/** action.yml's wiring: what GitHub reads before action/run.ts runs. */

interface Action {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = await readYaml<Action>('action.yml');
const run = action.runs.steps.find((step) => step.id === 'run');

describe('action.yml', () => {
  it('passes every input but node-version to the script through env, in the variable the script reads', () => {
    const passed = Object.keys(action.inputs).filter((name) => name !== 'node-version');
    expect(run?.env).toEqual(Object.fromEntries(passed.map((name) => [inputVariable(name), `\${{ inputs.${name} }}`])));
  });

  it('writes no ${{ }} into the text of a script, where an input could run as a command', () => {
    const scripts = action.runs.steps.filter((step) => step.run !== undefined);
    expect(scripts.length).toBeGreaterThan(0);
    for (const step of scripts) expect(step.run).not.toContain('${{');
  });

  it('sets up the Node.js asked for, unless asked for none, before the script runs', () => {
    const [setup] = action.runs.steps;
    expect(setup?.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(setup?.if).toBe("inputs.node-version != ''");
    expect(setup?.with).toEqual({ 'node-version': '${{ inputs.node-version }}' });
    expect(action.outputs.report?.value).toBe('${{ steps.run.outputs.report }}');
    expect(action.inputs['node-version']?.description).toContain(`(${MINIMUM_NODE.join('.')} or newer)`);
  });

  it('has the defaults the script takes when run by hand', () => {
    expect(action.inputs['sandbox-port']?.default).toBe(String(DEFAULTS.sandboxPort));
    expect(action.inputs['sandbox-timeout']?.default).toBe(String(DEFAULTS.sandboxTimeoutSeconds));
    expect(action.inputs['report-dir']?.default).toBe(DEFAULTS.reportDir);
  });
});
