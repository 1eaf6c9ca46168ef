import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readScenarioText } from '../../../shared/runs/scenario-file.ts';
import { DEFAULT_SANDBOX_PORT } from '../../../shared/sandbox-port.ts';

const readme = readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
const team = readme.slice(readme.indexOf('## Working as a team'), readme.indexOf('## Requirements'));

describe("the README's 'Working as a team'", () => {
  it('shows a scenario the scenario reader takes as it is', () => {
    const block = /```json\n([\s\S]*?)```/.exec(team)?.[1];
    expect(block).toBeDefined();
    const read = readScenarioText('scenarios/checkout.scenario.json', block!);
    expect(read).toMatchObject({ ok: true, scenario: { name: 'Checkout' } });
  });

  it("runs the CI job's commands against the port eventdesk init's environment points at", () => {
    const job = /```yaml\n([\s\S]*?)```/.exec(team)?.[1] ?? '';
    // eventdesk init's environment for the sandbox points at its default port.
    expect(job).toContain(`eventdesk.js sandbox --port ${DEFAULT_SANDBOX_PORT} &`);
    expect(job).toContain(`curl -sf http://127.0.0.1:${DEFAULT_SANDBOX_PORT}/_sandbox/openapi.json`);
    expect(job).toContain('eventdesk.js run --reporter text,junit --out reports');
    expect(job).toContain('report_paths: reports/junit.xml');
    expect(team).toContain(`\`http://127.0.0.1:${DEFAULT_SANDBOX_PORT}\``);
  });
});
