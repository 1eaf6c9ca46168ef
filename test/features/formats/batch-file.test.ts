import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import { batchFromNdjson, isNdjsonName, readBatchText } from '../../../features/formats/common/batch-file.ts';
import { rulesFor, validateBatch } from '../../../features/validation/common/validation.ts';
import { sampleEvent } from './events.ts';

describe('batch files', () => {
  it('know NDJSON by its name, whatever its case', () => {
    expect(['a.ndjson', 'B.JSONL', 'x.y.jsonl'].map(isNdjsonName)).toEqual([true, true, true]);
    expect(['a.json', 'ndjson', 'a.ndjson.txt'].map(isNdjsonName)).toEqual([false, false, false]);
  });

  it('read NDJSON as the JSON array of its events, blank lines skipped', () => {
    expect(batchFromNdjson('{"token":"a"}\r\n\n{"token":"b"}\n')).toEqual({
      ok: true,
      events: 2,
      text: '[\n  {\n    "token": "a"\n  },\n  {\n    "token": "b"\n  }\n]\n',
    });
  });

  it('say which line is not one event', () => {
    expect(batchFromNdjson('{"token":"a"}\n"just text"\n')).toEqual({ ok: false, message: 'Line 2 holds a text, not one event object.' });
  });
});

/** What `eventdesk validate` and `send` make of a batch file, and where its problems are in it. */
describe('a batch file read for validate and send', () => {
  const problemsIn = (fileName: string, text: string) => {
    const read = readBatchText(fileName, text);
    if (!read.ok) throw new Error(read.message);
    return validateBatch(read.text, rulesFor(DEFAULT_SETTINGS)).diagnostics.map((diagnostic) => ({
      path: diagnostic.path,
      ...(read.inFile ? read.inFile(diagnostic) : { line: diagnostic.line, column: diagnostic.column }),
    }));
  };

  it("puts an NDJSON file's problems on its lines and columns, blank lines and all", () => {
    const third = `  ${JSON.stringify({ ...sampleEvent, svc_id: 'seven' })}`;
    const text = `${JSON.stringify(sampleEvent)}\n\n${third}\n${JSON.stringify(sampleEvent)}\n`;
    const [problem, repeated, ...others] = problemsIn('events.ndjson', text);
    expect(others).toEqual([]);
    // The fourth line repeats the first: said on the fourth line.
    expect(repeated).toEqual({ path: '/2', line: 4, column: 1 });
    expect(problem).toMatchObject({ path: '/1/svc_id', line: 3 });
    expect(third.slice(problem!.column - 1)).toMatch(/^"seven"/);
  });

  it('knows NDJSON by its lines in a .json file or on standard input, as eventdesk transform does', () => {
    const text = `${JSON.stringify(sampleEvent)}\n${JSON.stringify({ ...sampleEvent, token: 7 })}\n`;
    for (const name of ['events.json', ''])
      expect(problemsIn(name, text)).toEqual([{ path: '/1/token', line: 2, column: text.split('\n')[1]!.indexOf('7') + 1 }]);
  });

  it("puts a problem of the whole batch on the file's first line", () => {
    const lines = Array.from({ length: 3 }, () => JSON.stringify(sampleEvent)).join('\n');
    const read = readBatchText('events.ndjson', lines);
    expect(read.ok && read.inFile!({ line: 1, column: 1 })).toEqual({ line: 1, column: 1 });
    expect(read.ok && read.inFile!({ line: 5, column: 1 })).toEqual({ line: 3, column: 1 });
  });

  it("reads the sandbox's traffic saved as JSON as the events its clients posted, not as records", () => {
    const posted = (id: number, events: unknown[]) => ({
      id,
      method: 'POST',
      path: '/user/events',
      headers: {},
      body: { text: JSON.stringify(events), truncated: false },
      response: { status: 202 },
    });
    const traffic = [
      posted(3, [{ ...sampleEvent, token: 'b' }]),
      { id: 2, method: 'POST', path: '/oauth2/login', body: { text: '{}', truncated: false }, response: null },
      posted(1, [sampleEvent]),
    ];
    const read = readBatchText('requests.json', JSON.stringify(traffic, null, 2));
    expect(read).toMatchObject({
      ok: true,
      inFile: null,
      note: expect.stringMatching(
        /^is the sandbox's traffic saved as JSON: read as a JSON array of the 2 events it carried; positions are in that array\. Found 2 events in 2 posts/,
      ),
    });
    expect(read.ok && JSON.parse(read.text)).toEqual([sampleEvent, { ...sampleEvent, token: 'b' }]);
    expect(read.ok && validateBatch(read.text, rulesFor(DEFAULT_SETTINGS)).diagnostics).toEqual([]);
  });

  it('leaves any other batch as it is, one whose events carry a method and a path too', () => {
    const text = JSON.stringify([{ ...sampleEvent, method: 'POST', path: '/user/events' }], null, 2);
    expect(readBatchText('batch.json', text)).toEqual({ ok: true, text, note: null, inFile: null });
    expect(readBatchText('broken.json', '[{"token": ')).toEqual({ ok: true, text: '[{"token": ', note: null, inFile: null });
  });

  it('says why an NDJSON file holds no batch', () => {
    expect(readBatchText('events.jsonl', '{"token": "a"}\n[1, 2]\n')).toEqual({
      ok: false,
      message: 'it does not read as NDJSON: Line 2 holds a list, not one event object.',
    });
  });
});
