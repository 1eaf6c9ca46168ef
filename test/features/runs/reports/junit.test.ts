import { describe, expect, it } from 'vitest';
import { junitReport } from '../../../../features/runs/common/reports/junit.ts';
import type { RunResult } from '../../../../features/runs/common/run-result.ts';
import { MIXED_RUN, scenario, step } from './fixtures.ts';
import { junitSchemaErrors as schemaErrors } from './junit-schema.ts';
import { ACTED_ON, HOSTILE_TEXT } from '../../../fixtures/hostile/terminal.ts';

describe('the JUnit report of a run', () => {
  it('is valid against the Jenkins JUnit schema, with every status a run can have', async () => {
    expect(await schemaErrors(junitReport(MIXED_RUN, 'EventDesk shop'))).toEqual([]);
  }, 30_000);

  it('is valid for an empty run and for text XML cannot hold', async () => {
    const empty: RunResult = { ...MIXED_RUN, stopped: false, scenarios: [] };
    expect(await schemaErrors(junitReport(empty, 'EventDesk'))).toEqual([]);
    const odd = {
      ...MIXED_RUN,
      scenarios: [scenario({ name: 'nul \u0000 and a lone \uD800 surrogate', steps: [step({ status: 'failed', reason: ']]> \uFFFF' })] })],
    };
    expect(await schemaErrors(junitReport(odd, 'EventDesk'))).toEqual([]);
  }, 30_000);

  it('writes what a terminal acts on as character references, which a parser reads back as they were', async () => {
    const hostile = { ...MIXED_RUN, scenarios: [scenario({ name: HOSTILE_TEXT, steps: [step({ status: 'failed', reason: HOSTILE_TEXT })] })] };
    const xml = junitReport(hostile, HOSTILE_TEXT);
    expect(xml).not.toMatch(ACTED_ON);
    expect(xml).toContain('red&#155;2J&#13;over&#127;&#8238;evil');
    expect(await schemaErrors(xml)).toEqual([]);
  }, 30_000);

  it('has a testsuite per scenario and a testcase per step and data row, counted', () => {
    const xml = junitReport(MIXED_RUN, 'EventDesk shop');
    expect(xml).toContain('<testsuites name="EventDesk shop" tests="5" failures="1" errors="1" time="1.234">');
    expect(xml.match(/<testsuite /g)).toHaveLength(3);
    expect(xml).toContain('<testsuite name="Per user &lt;&amp;&gt; &quot;quoted&quot;" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('name="step 1: send batches/purchase.json (row 1)" classname="scenarios/rows.scenario.json"');
    expect(xml).toContain('name="step 1: send batches/purchase.json (row 2)"');
  });

  it('gives a failure its reason and submission id, a skipped step its reason, a broken scenario an error naming the file and place', () => {
    const xml = junitReport(MIXED_RUN, 'EventDesk shop');
    expect(xml).toContain(
      '<failure message="Expected every chunk accepted; chunk 1 answered 422 invalid-events:&#10;  event 1 (/0/created_at): not a date &amp; &lt;bad&gt;\uFFFD" type="step-failed">',
    );
    expect(xml).toContain('Submission: sub-2');
    expect(xml).toContain('<skipped>not run: --bail stopped the run after "Per user" step 1</skipped>');
    expect(xml).toContain('<error message="scenarios/broken.scenario.json 3:7: not valid JSON: a comma is missing" type="broken-scenario">');
  });
});
