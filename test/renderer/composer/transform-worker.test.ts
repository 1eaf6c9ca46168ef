import { describe, expect, it } from 'vitest';
import { CANCELLED, createTransformClient, type TransformPort } from '../../../renderer/composer/transform/transform-client.ts';
import { INITIAL_INPUTS, specOf } from '../../../renderer/composer/transform/transform-inputs.ts';
import {
  createTransformResponder,
  SHOWN_EVENTS,
  type BatchTransforms,
  type TransformAnswer,
  type TransformRequest,
} from '../../../renderer/composer/transform/transform-protocol.ts';
import { TextBlocks } from '../../../base/common/text-changes.ts';

/**
 * A stand-in for features/transforms/common/transforms.ts, small enough to be plainly right: the responder's
 * job (reading the batch, making the answer into edits, saying what went wrong) is what is tested.
 */
const setOnly: BatchTransforms = {
  setField(events, { indexes, path, value }) {
    const changed = indexes ? [...indexes] : events.map((_, index) => index);
    const next = events.map((event, index) => (changed.includes(index) ? { ...(event as object), [path]: value } : event));
    return { ok: true, events: next, changed };
  },
  shiftTimes: () => ({ ok: false, message: 'Event 2: created_at "soon" is not in the form YYYY-MM-DD HH:MM:SS.' }),
  spreadTimes: () => {
    throw new TypeError('boom');
  },
  personalValues: (events) => ({
    ok: true,
    values: events.map((event) => ({ kind: 'customer', value: String((event as { customer_id: string }).customer_id) })),
  }),
  pseudonymize(events, { replacements }) {
    const next = events.map((event) => ({ ...(event as object), customer_id: replacements.get(`customer:${(event as { customer_id: string }).customer_id}`) }));
    return { ok: true, events: next, changed: events.map((_, index) => index) };
  },
};

const text = `[
  { "token": "a", "customer_id": "c-1", "svc_id": 1 },
  { "token": "b", "customer_id": "c-2", "svc_id": 1 }
]`;

function applied(source: string, answer: TransformAnswer): string {
  if (!answer.ok || answer.kind !== 'preview') throw new Error(`no preview: ${JSON.stringify(answer)}`);
  const blocks = new TextBlocks([source]);
  blocks.apply([...answer.preview.edits].reverse());
  return blocks.toString();
}

describe('the transform worker’s responder', () => {
  const respond = createTransformResponder(setOnly);

  it('answers a preview with the edits that make only the changed values, and the changed events', () => {
    const answer = respond({ id: 1, kind: 'preview', text, indexes: [1], spec: { kind: 'set', path: 'svc_id', value: 12, serviceIdField: 'svc_id' } });
    expect(applied(text, answer)).toBe(text.replace('"b", "customer_id": "c-2", "svc_id": 1', '"b", "customer_id": "c-2", "svc_id": 12'));
    expect(answer).toMatchObject({ ok: true, preview: { changedCount: 1, shown: [{ index: 1, fields: [{ path: ['svc_id'], before: 1, after: 12 }] }] } });
  });

  it('counts only the events that really change', () => {
    const answer = respond({ id: 2, kind: 'preview', text, indexes: null, spec: { kind: 'set', path: 'svc_id', value: 1, serviceIdField: 'svc_id' } });
    expect(answer).toMatchObject({ ok: true, preview: { changedCount: 0, edits: [] } });
  });

  it('runs pseudonymize with the replacements the services made for the personal values', () => {
    const personal = respond({ id: 3, kind: 'personal', text, indexes: null, fields: [] });
    expect(personal).toEqual({
      id: 3,
      ok: true,
      kind: 'personal',
      values: [
        { kind: 'customer', value: 'c-1' },
        { kind: 'customer', value: 'c-2' },
      ],
    });
    const replacements = new Map([
      ['customer:c-1', 'cust-x1'],
      ['customer:c-2', 'cust-x2'],
    ]);
    const answer = respond({ id: 4, kind: 'preview', text, indexes: null, spec: { kind: 'pseudonymize', fields: [], replacements } });
    expect(applied(text, answer)).toBe(text.replace('c-1', 'cust-x1').replace('c-2', 'cust-x2'));
  });

  it('says what is wrong, in words: the transform’s message, a text that is no batch, a fault', () => {
    expect(respond({ id: 5, kind: 'preview', text, indexes: null, spec: { kind: 'shift', anchor: 'latest', to: 'now', timeZone: 'UTC', now: 0 } })).toEqual({
      id: 5,
      ok: false,
      message: 'Event 2: created_at "soon" is not in the form YYYY-MM-DD HH:MM:SS.',
    });
    expect(
      respond({ id: 6, kind: 'preview', text: '[{"token": ', indexes: null, spec: { kind: 'set', path: 'svc_id', value: 1, serviceIdField: 'svc_id' } }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('not a JSON array of events') });
    expect(respond({ id: 7, kind: 'preview', text, indexes: null, spec: { kind: 'spread', from: 'a', to: 'b', timeZone: 'UTC' } })).toEqual({
      id: 7,
      ok: false,
      message: 'The transform failed: boom',
    });
  });

  it('shows a bounded number of changed events, however many change', () => {
    const many = JSON.stringify(Array.from({ length: SHOWN_EVENTS + 50 }, (_, index) => ({ token: `t${index}`, svc_id: 1 })));
    const answer = respond({ id: 8, kind: 'preview', text: many, indexes: null, spec: { kind: 'set', path: 'svc_id', value: 2, serviceIdField: 'svc_id' } });
    expect(answer).toMatchObject({ ok: true, preview: { changedCount: SHOWN_EVENTS + 50 } });
    if (answer.ok && answer.kind === 'preview') {
      expect(answer.preview.shown).toHaveLength(SHOWN_EVENTS);
      expect(answer.preview.edits).toHaveLength(SHOWN_EVENTS + 50);
    }
  });
});

/** A port that answers in process when told to, like a worker that takes its time. */
function slowPort() {
  const respond = createTransformResponder(setOnly);
  const sent: TransformRequest[] = [];
  let terminated = 0;
  const port: TransformPort = {
    postMessage: (request) => sent.push(request),
    onmessage: null,
    terminate: () => terminated++,
  };
  const answerNext = () => port.onmessage?.({ data: respond(sent.shift()!) } as MessageEvent<TransformAnswer>);
  return { port, answerNext, terminated: () => terminated };
}

describe('the transform client', () => {
  it('answers each request as a promise; Stop ends the worker, and the next request starts a new one', async () => {
    const ports = [slowPort(), slowPort()];
    let started = 0;
    const client = createTransformClient(() => ports[started++]!.port);
    const first = client.ask({ kind: 'preview', text, indexes: null, spec: { kind: 'set', path: 'svc_id', value: 3, serviceIdField: 'svc_id' } });
    ports[0]!.answerNext();
    await expect(first).resolves.toMatchObject({ ok: true, preview: { changedCount: 2 } });

    const stopped = client.ask({ kind: 'preview', text, indexes: null, spec: { kind: 'set', path: 'svc_id', value: 4, serviceIdField: 'svc_id' } });
    client.cancel();
    await expect(stopped).resolves.toMatchObject({ ok: false, message: CANCELLED });
    expect(ports[0]!.terminated()).toBe(1);

    const again = client.ask({ kind: 'preview', text, indexes: null, spec: { kind: 'set', path: 'svc_id', value: 5, serviceIdField: 'svc_id' } });
    ports[1]!.answerNext();
    await expect(again).resolves.toMatchObject({ ok: true });
    expect(started).toBe(2);
  });
});

describe('the transform forms’ inputs', () => {
  const now = new Date('2026-11-24T03:00:00Z');
  const utc = { timeZone: 'UTC', serviceIdField: 'svc_id' };

  it('make the spec of each transform', () => {
    expect(specOf('shift', INITIAL_INPUTS, { timeZone: 'Europe/Berlin', serviceIdField: 'svc_id' }, now)).toEqual({
      spec: { kind: 'shift', anchor: 'latest', to: 'now', timeZone: 'Europe/Berlin', now: now.getTime() },
    });
    expect(specOf('shift', { ...INITIAL_INPUTS, anchor: 'earliest', target: 'moment', moment: ' 2026-11-20 09:00:00 ' }, utc, now)).toMatchObject({
      spec: { anchor: 'earliest', to: '2026-11-20 09:00:00' },
    });
    expect(specOf('spread', { ...INITIAL_INPUTS, from: '2026-11-20 09:00:00', to: '2026-11-20 10:00:00' }, utc, now)).toEqual({
      spec: { kind: 'spread', from: '2026-11-20 09:00:00', to: '2026-11-20 10:00:00', timeZone: 'UTC' },
    });
    expect(specOf('pseudonymize', { ...INITIAL_INPUTS, fields: 'name, nickname,,' }, utc, now)).toEqual({
      spec: { kind: 'pseudonymize', fields: ['name', 'nickname'] },
    });
    expect(specOf('set', { ...INITIAL_INPUTS, path: 'svc_id', value: '12' }, utc, now)).toEqual({
      spec: { kind: 'set', path: 'svc_id', value: 12, serviceIdField: 'svc_id' },
    });
    expect(specOf('set', { ...INITIAL_INPUTS, path: 'device_id', valueKind: 'uuid' }, utc, now)).toEqual({
      spec: { kind: 'set', path: 'device_id', value: { generate: 'uuid' }, serviceIdField: 'svc_id' },
    });
  });

  it('say what is missing or wrong', () => {
    expect(specOf('shift', { ...INITIAL_INPUTS, target: 'moment', moment: '' }, utc, now)).toEqual({
      problem: 'Moment: enter a date and time as YYYY-MM-DD HH:MM:SS.',
    });
    expect(specOf('shift', { ...INITIAL_INPUTS, target: 'moment', moment: 'tomorrow' }, utc, now)).toEqual({
      problem: 'Moment: "tomorrow" is not in the form YYYY-MM-DD HH:MM:SS.',
    });
    expect(specOf('spread', { ...INITIAL_INPUTS, from: '2026-11-20 10:00:00', to: '2026-11-20 09:00:00' }, utc, now)).toEqual({
      problem: 'From must not be later than To.',
    });
    expect(specOf('set', INITIAL_INPUTS, utc, now)).toEqual({ problem: 'Name the field to set, such as svc_id or attributes.plan.' });
  });

  it('read the service id as JSON; every other value, attributes included, as text, as the command line does', () => {
    const set = (path: string, value: string) => specOf('set', { ...INITIAL_INPUTS, path, value }, utc, now);
    expect(set('svc_id', '12')).toEqual({ spec: { kind: 'set', path: 'svc_id', value: 12, serviceIdField: 'svc_id' } });
    expect(set('token', '"12"')).toEqual({ spec: { kind: 'set', path: 'token', value: '"12"', serviceIdField: 'svc_id' } });
    expect(set('customer_id', '123')).toEqual({ spec: { kind: 'set', path: 'customer_id', value: '123', serviceIdField: 'svc_id' } });
    expect(set('token', 'pro')).toEqual({ spec: { kind: 'set', path: 'token', value: 'pro', serviceIdField: 'svc_id' } });
    expect(set('attributes.plan', '12')).toEqual({ spec: { kind: 'set', path: 'attributes.plan', value: '12', serviceIdField: 'svc_id' } });
  });

  it('refuse a field the service does not name, and a created_at or service id it would not take, in setField’s words', () => {
    const set = (path: string, value: string, serviceIdField = 'svc_id') =>
      specOf('set', { ...INITIAL_INPUTS, path, value }, { timeZone: 'UTC', serviceIdField }, now);
    expect(set('custmer_id', 'c-1')).toEqual({
      problem: '"custmer_id" is not a field of an event: set token, created_at, svc_id, device_id, customer_id or attributes.NAME.',
    });
    expect(set('svc_id', '"12"')).toEqual({ problem: 'svc_id must be a whole number (or {{$seq}}), not the string "12".' });
    expect(set('created_at', '2026-02-30 10:00:00')).toEqual({
      problem: 'created_at must be a date-time written YYYY-MM-DD HH:MM:SS (or {{$now}}): 2026-02-30 is not a date in the calendar.',
    });
    expect(set('acme_id', '4.5', 'acme_id')).toEqual({ problem: 'acme_id must be a whole number (or {{$seq}}), not the number 4.5.' });
    expect(set('acme_id', '7', 'acme_id')).toMatchObject({ spec: { path: 'acme_id', value: 7, serviceIdField: 'acme_id' } });
  });
});
