import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readScenarioText } from '../../../features/workspace/common/scenario-file.ts';
import { DEFAULT_SANDBOX_PORT } from '../../../features/sandbox/common/sandbox-port.ts';
import packageJson from '../../../package.json' with { type: 'json' };

const team = readFileSync(path.join(import.meta.dirname, '../../../docs/guide/workspaces.md'), 'utf8');
const actionYml = readFileSync(path.join(import.meta.dirname, '../../../action.yml'), 'utf8');

describe("the guide's page on workspaces (docs/guide/workspaces.md)", () => {
  it('shows a scenario the scenario reader takes as it is', () => {
    const block = /```json\n([\s\S]*?)```/.exec(team)?.[1];
    expect(block).toBeDefined();
    const read = readScenarioText('scenarios/checkout.scenario.json', block!);
    expect(read).toMatchObject({ ok: true, scenario: { name: 'Checkout' } });
  });

  it("points the CI jobs' sandbox at the port eventdesk init's environment points at", () => {
    const [action, , gitlab] = [...team.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!);
    // eventdesk init's environment for the sandbox points at its default port, where the action starts it.
    expect(action).toContain('sandbox: true');
    expect(actionYml).toMatch(new RegExp(`sandbox-port:\\n(?:    .*\\n)*?    default: '${DEFAULT_SANDBOX_PORT}'`));
    expect(action).toContain('report_paths: eventdesk-report/junit.xml');
    expect(gitlab).toContain(`eventdesk@${packageJson.version} sandbox --port ${DEFAULT_SANDBOX_PORT} `);
    expect(gitlab).toContain(`curl -sf http://127.0.0.1:${DEFAULT_SANDBOX_PORT}/_sandbox/openapi.json`);
    expect(gitlab).toContain(`eventdesk@${packageJson.version} run shop --reporter text,junit --out reports`);
    expect(gitlab).toContain('junit: reports/junit.xml');
    expect(team).toContain(`(\`${DEFAULT_SANDBOX_PORT}\`, where \`eventdesk init\`'s environment points)`);
  });
});
