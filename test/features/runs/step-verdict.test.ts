import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../app/cli/main.ts';
import { migrations, SUBMISSIONS_SCHEMA_VERSION } from '../../../features/history/node/submissions.ts';
import { stepVerdictText } from '../../../features/history/common/step-verdict.ts';
import { historyFilePerTest } from '../../support/history-file.ts';
import { event, runWorkspace, scenario, useSandbox } from './run-workspace.ts';

/**
 * A scenario step's verdict kept in History beside the server's answer (#32): a 422 the step
 * expects is a step that passed. The real engine, the services thread, the sandbox on loopback
 * and a real SQLite file; `eventdesk history` reads the same file.
 */

/** Every run is bounded: a hang fails the test instead of holding the suite. */
const RUN_LIMIT_MS = 60_000;

async function history(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['history', ...args], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("a run step's verdict in History", () => {
  it(
    'keeps beside each send what its step made of it: an expected 422 passed, an unexpected 202 failed, an accepted send passed',
    { timeout: RUN_LIMIT_MS },
    async () => {
      const sandbox = await useSandbox();
      const workspace = await runWorkspace(sandbox, {
        'scenarios/refusals.scenario.json': scenario(
          'Refusals',
          [
            { name: 'a text svc_id is refused', send: [event(1, { svc_id: 'not a number' })], expect: { status: 422 } },
            { name: 'a good event is refused?', send: [event(2)], expect: { status: 422 } },
            { name: 'a good event is accepted', send: [event(3)] },
          ],
          { onFailure: 'continue' },
        ),
      });
      const { result } = await workspace.run(['scenarios/refusals.scenario.json']);
      const [refused, wronglyAccepted, accepted] = result.scenarios[0]!.steps;
      expect([refused, wronglyAccepted, accepted].map((step) => step!.status)).toEqual(['passed', 'failed', 'passed']);

      const expectedRefusal = workspace.submission(refused!.submissionId!)!;
      expect(expectedRefusal).toMatchObject({ status: 'failed', stepVerdict: { passed: true, expectedStatus: 422, endStatus: 422, reason: null } });
      expect(stepVerdictText(expectedRefusal.stepVerdict!)).toBe('expected refusal · passed');
      const unexpected = workspace.submission(wronglyAccepted!.submissionId!)!;
      expect(unexpected).toMatchObject({ status: 'ok', stepVerdict: { passed: false, expectedStatus: 422, endStatus: 202, reason: wronglyAccepted!.reason } });
      expect(stepVerdictText(unexpected.stepVerdict!)).toBe('step failed: expected 422, got 202');
      expect(workspace.submission(accepted!.submissionId!)).toMatchObject({
        status: 'ok',
        stepVerdict: { passed: true, expectedStatus: null, endStatus: 202, reason: null },
      });

      // The command line says the same as the app, in the list and in the detail.
      const list = await history('--data', workspace.dataFolder);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      expect(list.stdout).toContain('failed (expected refusal · passed)');
      expect(list.stdout).toContain('ok (step failed: expected 422, got 202)');
      expect(list.stdout).toContain('ok (step passed)');
      const detail = await history('show', wronglyAccepted!.submissionId!, '--data', workspace.dataFolder);
      expect(detail.stdout).toContain(`Submission ${wronglyAccepted!.submissionId}: ok (step failed: expected 422, got 202)`);
      expect(detail.stdout).toContain('  step failed  status: expected 422, the send ended with 202 (answers: 202)');
      const json = JSON.parse((await history('show', refused!.submissionId!, '--json', '--data', workspace.dataFolder)).stdout) as { stepVerdict: unknown };
      expect(json.stepVerdict).toEqual({ passed: true, expectedStatus: 422, endStatus: 422, reason: null });
    },
  );
});

describe('a history written by schema version 9', () => {
  const file = historyFilePerTest('eventdesk-step-verdict-');

  it('opens at the current version (10 brought the verdicts) with its sends judged by no step, and takes a verdict for one', () => {
    const raw = new DatabaseSync(file.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 9)) step(raw);
    raw.exec('PRAGMA user_version = 9');
    raw.exec(`INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status, label)
      VALUES ('old-9', 'env-a', 'A', '#000000', 'https://a.example', '{}', 0, 'h', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:01.000Z', 'failed', 'Refusals · step 1')`);
    raw.close();

    const store = file.openStore();
    const old = store.get('old-9')!;
    expect(old).toMatchObject({ status: 'failed', label: 'Refusals · step 1' });
    expect(old).not.toHaveProperty('stepVerdict');
    store.recordStepVerdict('old-9', { passed: true, expectedStatus: 422, endStatus: 422, reason: null });
    expect(store.list({ limit: 10 })[0]!.stepVerdict).toEqual({ passed: true, expectedStatus: 422, endStatus: 422, reason: null });
    expect(() => store.recordStepVerdict('gone', { passed: true, expectedStatus: null, endStatus: 202, reason: null })).toThrow(/gone/);
    const reopened = new DatabaseSync(file.file);
    expect(reopened.prepare('PRAGMA user_version').get()).toEqual({ user_version: SUBMISSIONS_SCHEMA_VERSION });
    reopened.close();
  });
});
