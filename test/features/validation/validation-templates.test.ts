import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, validateBatch } from '../../../features/validation/common/validation.ts';

const rules = { ...DEFAULT_RULES, now: new Date('2026-11-22T10:00:00Z') };

function problemsOf(event: Record<string, unknown>) {
  const base = {
    token: 't',
    customer_id: 'c',
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    svc_id: 1,
    created_at: '2026-11-22 09:00:00',
    attributes: {},
  };
  return validateBatch(JSON.stringify([{ ...base, ...event }]), rules).diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path, diagnostic.message]);
}

describe('templates in a batch', () => {
  it('are judged by what they become at send time', () => {
    expect(problemsOf({ svc_id: '{{$seq}}', created_at: '{{$now -15m}}', device_id: '{{$uuid}}' })).toEqual([]);
    expect(problemsOf({ svc_id: '{{$randomInt 1 100}}', created_at: '{{$now}}' })).toEqual([]);
  });

  it('must give an integer where the service id goes', () => {
    expect(problemsOf({ svc_id: '{{$uuid}}' })).toEqual([['service-id-not-integer', '/0/svc_id', expect.stringContaining('exactly "{{$seq}}"')]]);
    expect(problemsOf({ svc_id: 'id-{{$seq}}' })).toEqual([['service-id-not-integer', '/0/svc_id', expect.stringContaining('must be an integer')]]);
  });

  it('must be exactly $now where created_at goes', () => {
    expect(problemsOf({ created_at: '{{$now}} UTC' })).toEqual([['created-at-format', '/0/created_at', expect.stringContaining('exactly "{{$now}}"')]]);
  });

  it('report a broken template with what is wrong with it', () => {
    expect(problemsOf({ created_at: '{{$now -15q}}' })).toEqual([['created-at-format', '/0/created_at', expect.stringContaining('"-15q" is not an offset')]]);
    expect(problemsOf({ device_id: '{{$nope}}' })).toEqual([['template-invalid', '/0/device_id', expect.stringContaining('$nope is not a template')]]);
  });

  it('leave plain wrong values reported as before', () => {
    expect(problemsOf({ svc_id: '12' })).toEqual([['service-id-not-integer', '/0/svc_id', 'svc_id must be an integer, not the string "12".']]);
    expect(problemsOf({ device_id: 'nope' }).map(([code]) => code)).toEqual(['device-id-not-uuid']);
  });
});
