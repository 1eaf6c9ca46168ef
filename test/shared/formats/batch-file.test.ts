import { describe, expect, it } from 'vitest';
import { batchFromNdjson, isNdjsonName } from '../../../shared/formats/batch-file.ts';

describe('batch files', () => {
  it('know NDJSON by its name, whatever its case', () => {
    expect(['a.ndjson', 'B.JSONL', 'x.y.jsonl'].map(isNdjsonName)).toEqual([true, true, true]);
    expect(['a.json', 'ndjson', 'a.ndjson.txt'].map(isNdjsonName)).toEqual([false, false, false]);
  });

  it('read NDJSON as the JSON array of its events, blank lines skipped', () => {
    expect(batchFromNdjson('{"token":"a"}\r\n\n{"token":"b"}\n')).toEqual({ ok: true, events: 2, text: '[\n  {\n    "token": "a"\n  },\n  {\n    "token": "b"\n  }\n]\n' });
  });

  it('say which line is not one event', () => {
    expect(batchFromNdjson('{"token":"a"}\n"just text"\n')).toEqual({ ok: false, message: 'Line 2 holds a text, not one event object.' });
  });
});
