import { writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerOutcome, outcomeClassOf } from '../../../features/sandbox/common/sandbox-outcome.ts';
import { validEvent } from '../../fixtures/events.ts';
import type { SandboxServer } from '../../../features/sandbox/server/server.ts';
import { authenticated, login, postJson, sendEvents, useSandbox } from './sandbox-client.ts';

/** Triage's reading of what the sandbox answered: each request sent to a real sandbox, its record's class and reason. */

const outcomes = (records: ReturnType<SandboxServer['traffic']>) =>
  records.map((record) => [record.path, answerOutcome(record).class, answerOutcome(record).reason]);
/** The class as read back from what the capture keeps of each: its status and fault. */
const capturedClasses = (records: ReturnType<SandboxServer['traffic']>) =>
  records.map((record) => outcomeClassOf({ status: record.response?.status ?? null, fault: record.fault }));

describe('answerOutcome', () => {
  it('sorts what a strict sandbox answered into classes, with the reason in a few words', async () => {
    const sandbox = await useSandbox({ port: 0, mode: 'strict' });
    await login(sandbox);
    await postJson(`${sandbox.url}/oauth2/login`, { username: 'demo', password: 'wrong' });
    const headers = await authenticated(sandbox);
    await sendEvents(sandbox, [validEvent(), validEvent({ customer_id: 'c-2' })], headers);
    await sendEvents(sandbox, [validEvent({ svc_id: 'x' }), validEvent({ device_id: 3, created_at: 'soon' })], headers);
    await sendEvents(sandbox, [validEvent()], { ...headers, Authorization: 'Bearer nope' });
    await sendEvents(sandbox, 'not json', headers);
    sandbox.setFaults({ failSequence: [503, 'reset'] });
    await sendEvents(sandbox, [validEvent()], headers);
    await sendEvents(sandbox, [validEvent()], headers).catch(() => null);
    sandbox.setFaults({ maxEvents: 1 });
    await sendEvents(sandbox, [validEvent(), validEvent({ customer_id: 'c-2' })], headers);
    await postJson(`${sandbox.url}/nowhere`, {});
    expect(outcomes(sandbox.traffic().reverse())).toEqual([
      ['/oauth2/login', 'accepted', 'logged in'],
      ['/oauth2/login', 'auth', 'wrong username or password'],
      ['/oauth2/login', 'accepted', 'logged in'],
      ['/user/events', 'accepted', 'accepted 2 events'],
      ['/user/events', 'invalid', 'invalid-events: 3 problems'],
      ['/user/events', 'auth', 'bad token'],
      ['/user/events', 'invalid', 'not JSON'],
      ['/user/events', 'fault', 'service-unavailable'],
      ['/user/events', 'no-answer', 'connection reset by a fault'],
      ['/user/events', 'invalid', 'too many events'],
      ['/nowhere', 'client', 'not-found'],
    ]);
    expect(capturedClasses(sandbox.traffic())).toEqual(outcomes(sandbox.traffic()).map(([, outcomeClass]) => outcomeClass));
  });

  it('counts the errors and warnings of a refusal by the tracking plan', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-outcome-'));
    const planFile = path.join(folder, 'p.plan.json');
    await writeFile(
      planFile,
      JSON.stringify({
        name: 'p',
        events: {
          [String(validEvent().token)]: {
            attributes: { type: 'object', required: ['plan'], properties: { x: { type: 'string' } }, additionalProperties: false },
          },
        },
      }),
    );
    const sandbox = await useSandbox({ port: 0, mode: 'strict', planFile });
    await sendEvents(sandbox, [validEvent({ attributes: { y: '1' } })]);
    expect(answerOutcome(sandbox.traffic()[0]!)).toEqual({ class: 'invalid', code: 'plan-violations', reason: 'plan-violations: 1 error and 1 warning' });
  });

  it('reads the error code from a body cut short by the traffic limit', async () => {
    const sandbox = await useSandbox({ port: 0, mode: 'strict', trafficBodyBytes: 60 });
    await sendEvents(
      sandbox,
      Array.from({ length: 20 }, () => validEvent({ svc_id: 'x' })),
    );
    const [record] = sandbox.traffic();
    expect(record!.response!.body.truncated).toBe(true);
    expect(answerOutcome(record!)).toMatchObject({ class: 'invalid', code: 'invalid-events' });
  });
});
