import { describe, expect, it } from 'vitest';
import { environmentsOfRun } from '../../../renderer/runs/run-control.ts';
import type { WorkspaceScenario } from '../../../shared/runs/run-schemas.ts';

const scenario = (file: string, environment: string | null, problem: string | null = null): WorkspaceScenario => ({ file, name: file, steps: [], environment, problem });
const scenarios = [scenario('a', null), scenario('b', 'staging'), scenario('c', 'qa', 'c:1:1: not JSON'), scenario('d', null)];

describe('the environments a run sends to', () => {
  it('is the one chosen for the run', () => {
    expect(environmentsOfRun({ scenarios: [], environment: 'qa' }, scenarios, 'sandbox')).toEqual(['qa']);
  });

  it('is each scenario’s own, else the workspace’s default, once each, leaving out a scenario that cannot run', () => {
    expect(environmentsOfRun({ scenarios: [], environment: null }, scenarios, 'sandbox')).toEqual(['sandbox', 'staging']);
    expect(environmentsOfRun({ scenarios: ['b'], environment: null }, scenarios, 'sandbox')).toEqual(['staging']);
    expect(environmentsOfRun({ scenarios: ['a'], environment: null }, scenarios, null)).toEqual([]);
  });
});
