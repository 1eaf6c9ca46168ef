import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NO_FAULTS, SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { event, runWorkspace, scenario, useSandbox } from './run-workspace.ts';

/** Every run is bounded: a hang fails the test instead of holding the suite. */
const RUN_LIMIT_MS = 60_000;

describe("runScenarios and the sandbox's tools", () => {
  it("sets a step's faults for that step only and restores the ones before it, even when the step fails", { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox({ faults: { maxEvents: 100 } });
    const workspace = await runWorkspace(sandbox, {
      'scenarios/faults.scenario.json': scenario(
        'Faults',
        [
          { name: 'a 500, then the retry', send: [event(1)], faults: { failSequence: [500] } },
          { name: 'more 500s than attempts', send: [event(2)], faults: { failSequence: [500, 500, 500, 500], latencyMs: 5 } },
        ],
        { onFailure: 'continue' },
      ),
    });
    const { result } = await workspace.run(['scenarios/faults.scenario.json']);
    const [retried, failed] = result.scenarios[0]!.steps;
    expect(retried).toMatchObject({ status: 'passed', eventsAccepted: 1 });
    expect(workspace.submission(retried!.submissionId!)!.chunks[0]!.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 202]);
    // The environment allows 3 attempts: the fourth 500 was never asked for, and is not left behind.
    expect(failed).toMatchObject({ status: 'failed', reason: expect.stringContaining('(answers: 500)') });
    expect(sandbox.faults()).toEqual({ ...NO_FAULTS, maxEvents: 100 });
  });

  it("expireToken ends the session's token before the step: the send logs in again and succeeds", { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/expire.scenario.json': scenario('Expire', [
        { send: [event(1)] },
        { name: 'after the token expired', send: [event(2)], faults: { expireToken: true } },
      ]),
    });
    const { result } = await workspace.run(['scenarios/expire.scenario.json']);
    const [, renewed] = result.scenarios[0]!.steps;
    expect(result.scenarios[0]!.status).toBe('passed');
    expect(workspace.submission(renewed!.submissionId!)!.chunks[0]!.attemptLog.map((attempt) => attempt.statusCode)).toEqual([401, 202]);
    const refusals = sandbox.traffic().filter((record) => record.response?.status === 401);
    expect(refusals.map((record) => JSON.parse(record.response!.body.text) as unknown)).toEqual([
      { error: 'expired-token', message: 'The access token has expired: log in again.' },
    ]);
  });

  it('received same: passes when the sandbox took exactly the events sent, templates resolved', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/received.scenario.json': scenario('Received', [{ send: [event(1, { device_id: '{{$uuid}}' }), event(2)], expect: { received: 'same' } }]),
    });
    const { result } = await workspace.run(['scenarios/received.scenario.json']);
    expect(result.scenarios[0]!.steps).toMatchObject([{ status: 'passed', reason: null, eventsAccepted: 2 }]);
  });

  it('sends a data cell that reads like a template as written: the templates are resolved once, with the row', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'batches/note.json': [event(1, { attributes: { note: '{{note}}', sent: '{{$now}}' } })],
      'data/notes.csv': 'note\n{{$uuid}}\n{{not a variable}}\n',
      'scenarios/notes.scenario.json': scenario('Notes', [{ send: 'batches/note.json', data: 'data/notes.csv', expect: { received: 'same' } }]),
    });
    const { result } = await workspace.run(['scenarios/notes.scenario.json']);
    const steps = result.scenarios[0]!.steps;
    expect(steps.map((step) => [step.row, step.status, step.reason])).toEqual([
      [1, 'passed', null],
      [2, 'passed', null],
    ]);
    const notes = steps.map(
      (step) => (JSON.parse(workspace.submission(step.submissionId!)!.batch) as { attributes: { note: string; sent: string } }[])[0]!.attributes,
    );
    expect(notes.map((attributes) => attributes.note)).toEqual(['{{$uuid}}', '{{not a variable}}']);
    expect(notes[0]!.sent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('received same reads only the requests the step made: the newest id before, what came after it once sent', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/received.scenario.json': scenario('Received', [
        { send: [event(1)], expect: { received: 'same' } },
        { send: [event(2)], expect: { received: 'same' } },
      ]),
    });
    const asked: string[] = [];
    const fetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.pathname === '/_sandbox/requests') asked.push(url.search);
      return fetch(input, init);
    });
    onTestFinished(() => void vi.restoreAllMocks());
    const { result } = await workspace.run(['scenarios/received.scenario.json']);
    expect(result.scenarios[0]!.status).toBe('passed');
    // Step 1: a login and a send before it (requests 1, 2); step 2 sends after request 2.
    expect(asked).toEqual(['?limit=1', '?after=0', '?limit=1', '?after=2']);
  });

  it(
    'received same through a forwarding sandbox: passes when the upstream took the events, fails naming them when it refused',
    { timeout: RUN_LIMIT_MS },
    async () => {
      const upstream = await useSandbox();
      const forwarding = await useSandbox({ forward: { url: upstream.url, timeoutMs: 10_000 } });
      const workspace = await runWorkspace(forwarding, {
        'scenarios/forwarded.scenario.json': scenario(
          'Forwarded',
          [
            { name: 'taken', send: [event(1)], expect: { received: 'same' } },
            { name: 'refused upstream', send: [event(2, { svc_id: 'x' })], expect: { status: 422, received: 'same' } },
          ],
          { onFailure: 'continue' },
        ),
      });
      const { result } = await workspace.run(['scenarios/forwarded.scenario.json']);
      const [taken, refused] = result.scenarios[0]!.steps;
      expect(taken).toMatchObject({ status: 'passed' });
      // The 422 it expected came, from the upstream; but the upstream took none of the events.
      expect(refused).toMatchObject({
        status: 'failed',
        reason:
          'received: the server took 0 events for 1 sent: 1 event only left (left: sent, right: received). event 1 sent (token "t-2", customer_id "c-2", created_at "2026-11-22 10:00:00") was not received.',
      });
      expect(
        upstream
          .traffic()
          .filter((record) => record.path === '/user/events')
          .map((record) => record.response?.status),
      ).toEqual([422, 202]);
    },
  );

  it('fails a step with faults against an address that is no sandbox, saying so, before sending anything', { timeout: RUN_LIMIT_MS }, async () => {
    const server = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'environments/service.env.json': { name: 'service', baseUrl: url },
      'scenarios/nowhere.scenario.json': scenario('Nowhere', [{ send: [event(1)], environment: 'service', faults: { failSequence: [500] } }]),
    });
    const { result } = await workspace.run(['scenarios/nowhere.scenario.json']);
    expect(result.scenarios[0]!.steps[0]).toMatchObject({
      status: 'failed',
      submissionId: null,
      reason: `${url} is not a sandbox (it answers no /_sandbox/faults): faults and "received" need one.`,
    });
  });

  it('masks the secrets in a reason: an event carrying the API key, which the sandbox masks in what it keeps', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/secret.scenario.json': scenario('Secret', [
        { send: [event(1, { attributes: { pasted: SANDBOX_DEMO_CREDENTIALS.apiKey } })], expect: { received: 'same' } },
      ]),
    });
    const { result, progress } = await workspace.run(['scenarios/secret.scenario.json']);
    const reason = result.scenarios[0]!.steps[0]!.reason!;
    expect(reason).toMatch(/^received: .*event 1 sent has attributes\.pasted "[^"]*", received "[^"]*"\.$/);
    expect(JSON.stringify({ result, progress })).not.toContain(SANDBOX_DEMO_CREDENTIALS.apiKey);
  });
});
