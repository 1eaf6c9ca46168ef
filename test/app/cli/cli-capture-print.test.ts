import { describe, expect, it } from 'vitest';
import type { CapturedRequest } from '../../../features/capture/common/capture.ts';
import { requestText } from '../../../app/cli/capture/capture-print.ts';

/** How `eventdesk capture show` prints one request, forwarded ones with what the upstream said, as the app's Forwarded part shows it. */

const forwarded: CapturedRequest = {
  id: 7,
  receivedAt: '2026-11-20T10:00:00.000Z',
  durationMs: 31,
  method: 'POST',
  path: '/user/events',
  status: 202,
  reason: 'accepted 1 event',
  eventCount: 1,
  fault: null,
  plan: null,
  headers: { apikey: '•••' },
  body: '[{"token":"t"}]',
  bodyBytes: 15,
  bodyTruncated: false,
  response: { status: 202, headers: { 'content-type': 'application/json' }, body: '{"accepted":1}' },
  serviceIdField: 'svc_id',
  upstream: {
    url: 'https://staging.example/user/events',
    status: 202,
    headers: { 'content-type': 'application/json', 'x-request-id': 'r-9' },
    body: '{"accepted":1}',
    error: null,
    durationMs: 27.25,
  },
};

describe('capture show, a forwarded request', () => {
  it("prints the upstream's address, status, time, headers and body", () => {
    const text = requestText(forwarded, [], 'UTC');
    expect(text).toContain(
      [
        '  forwarded to https://staging.example/user/events',
        '    answered  202, in 27.3 ms',
        '    headers',
        '      content-type: application/json',
        '      x-request-id: r-9',
        '    body',
        '      {',
        '        "accepted": 1',
        '      }',
      ].join('\n'),
    );
  });

  it('says why no answer came when the upstream was down', () => {
    const down = {
      ...forwarded,
      status: 502,
      upstream: {
        url: 'http://127.0.0.1:9/user/events',
        status: null,
        headers: {},
        body: '',
        error: 'upstream-unreachable: connect ECONNREFUSED',
        durationMs: 2,
      },
    };
    const text = requestText(down, [], 'UTC');
    expect(text).toContain('  forwarded to http://127.0.0.1:9/user/events\n    no answer  upstream-unreachable: connect ECONNREFUSED, in 2 ms\n');
    expect(text).not.toContain('    headers');
  });

  it('prints no forwarding for a request the sandbox answered itself', () => {
    expect(requestText({ ...forwarded, upstream: null }, [], 'UTC')).not.toContain('forwarded');
  });
});
