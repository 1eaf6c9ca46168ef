import { describe, expect, it } from 'vitest';
import { validateBatch } from '../../../features/validation/common/validation.ts';
import type { ContentChange } from '../../../features/validation/common/incremental.ts';
import { createValidationClient, type ValidationPort } from '../../../renderer/composer/checks/validation-client.ts';
import {
  createValidationResponder,
  type ValidationAnswer,
  type ValidationRequest,
  type WorkerRules,
} from '../../../renderer/composer/checks/validation-protocol.ts';
import { NOW, RULES, validEvent } from '../../features/validation/validation-support.ts';

/** The composer's validation client, with the worker's responder answering in process, a turn later as a worker would. */

const { now: _now, ...rules } = RULES;
const workerRules: WorkerRules = rules;
const text = JSON.stringify([validEvent({ token: 'first' }), validEvent({ token: 'second' })], null, 2);
const tokenAt = text.indexOf('"second"') + 1;

function inProcessWorker() {
  const respond = createValidationResponder(() => NOW);
  const requests: ValidationRequest[] = [];
  const port: ValidationPort & { terminated: boolean } = {
    onmessage: null,
    terminated: false,
    postMessage(request) {
      requests.push(request);
      void respond(request).then((data) => setTimeout(() => port.onmessage?.({ data } as MessageEvent<ValidationAnswer>)));
    },
    terminate() {
      port.terminated = true;
    },
  };
  return { port, requests };
}

/** A client on an in-process worker, and what it sent and heard. */
function clientOnWorker() {
  const { port, requests } = inProcessWorker();
  const answers: ValidationAnswer[] = [];
  const client = createValidationClient(
    (answer) => answers.push(answer),
    () => port,
  );
  return { client, port, requests, answers };
}

function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the validation client', () => {
  it('sends a whole text, then only the changes, and hears what a full run of the edited text finds', async () => {
    const { client, requests, answers } = clientOnWorker();
    client.full(text, workerRules, null);
    await settled();
    const change: ContentChange = { rangeOffset: text.indexOf('"svc_id": 12') + 10, rangeLength: 2, text: '"12"' };
    client.edit([change], workerRules, null);
    await settled();
    expect(requests.map((request) => request.kind)).toEqual(['full', 'edit']);
    const edited = text.slice(0, change.rangeOffset) + change.text + text.slice(change.rangeOffset + change.rangeLength);
    expect(answers.at(-1)).toMatchObject({ full: false, eventCount: 2, diagnostics: validateBatch(edited, RULES).diagnostics });
  });

  it('merges the edits made while the worker is busy into one request, and drops the answer they made stale', async () => {
    const { client, requests, answers } = clientOnWorker();
    client.full(text, workerRules, null);
    client.edit([{ rangeOffset: tokenAt, rangeLength: 0, text: 'a' }], workerRules, null);
    client.edit([{ rangeOffset: tokenAt + 1, rangeLength: 0, text: '"' }], workerRules, null);
    await settled();
    expect(requests.map((request) => request.kind)).toEqual(['full', 'edit']);
    expect(requests[1]).toMatchObject({ changes: [{ text: 'a' }, { text: '"' }] });
    // The whole text's answer was stale before it came: only the edits' is heard.
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ eventCount: null, diagnostics: [{ code: 'not-json' }] });
  });

  it('lets a whole text replace the edits still waiting', async () => {
    const { client, requests, answers } = clientOnWorker();
    client.full(text, workerRules, null);
    client.edit([{ rangeOffset: tokenAt, rangeLength: 0, text: '"' }], workerRules, null);
    client.full('[]', workerRules, null);
    await settled();
    expect(requests.map((request) => request.kind)).toEqual(['full', 'full']);
    expect(answers).toEqual([expect.objectContaining({ eventCount: 0, diagnostics: [expect.objectContaining({ code: 'empty-batch' })] })]);
  });

  it('stops the worker when disposed, and hears nothing after', async () => {
    const { client, port, answers } = clientOnWorker();
    client.full(text, workerRules, null);
    client.dispose();
    await settled();
    expect(port.terminated).toBe(true);
    expect(answers).toEqual([]);
  });
});

describe('the validation worker', () => {
  it('answers a whole text in full', async () => {
    const respond = createValidationResponder(() => NOW);
    expect(await respond({ id: 7, kind: 'full', text: '[1]', rules: workerRules, plan: null })).toMatchObject({
      id: 7,
      full: true,
      eventCount: 1,
      diagnostics: [{ code: 'event-not-object' }],
    });
  });

  it('answers an edit inside an event from what it kept, and reads the whole text again under new rules', async () => {
    const respond = createValidationResponder(() => NOW);
    await respond({ id: 1, kind: 'full', text: JSON.stringify([validEvent({ extra: 1 })]), rules: workerRules, plan: null });
    const inToken = JSON.stringify([validEvent({ extra: 1 })]).indexOf('tok_1');
    expect(
      await respond({ id: 2, kind: 'edit', changes: [{ rangeOffset: inToken, rangeLength: 0, text: 'x' }], rules: workerRules, plan: null }),
    ).toMatchObject({ full: false, diagnostics: [{ code: 'unknown-field' }] });
    const quiet = { ...workerRules, severity: { ...workerRules.severity, 'unknown-field': 'off' as const } };
    expect(await respond({ id: 3, kind: 'edit', changes: [{ rangeOffset: inToken, rangeLength: 1, text: '' }], rules: quiet, plan: null })).toMatchObject({
      full: true,
      diagnostics: [],
    });
  });
});
