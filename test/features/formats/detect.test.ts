import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../features/formats/common/detect.ts';

describe('guessing a file format', () => {
  it.each([
    ['batch.json', '[\n  {"token": "a"}\n]', 'json'],
    ['event.json', '{\n  "token": "a"\n}', 'json'],
    ['events.ndjson', '{"token": "a"}', 'ndjson'],
    ['events.jsonl', '{"token": "a"}', 'ndjson'],
    ['export.json', '{"token": "a"}\n{"token": "b"}\n', 'ndjson'],
    ['dropped', '\uFEFF{"token": "a"}\n\n{"token": "b"}', 'ndjson'],
    ['sheet.csv', 'token,svc_id\na,1', 'csv'],
    ['sheet.TSV', 'token\tsvc_id', 'csv'],
    ['pasted.txt', 'token;svc_id\na;1', 'csv'],
    ['session.har', '{"log": {"version": "1.2"', 'har'],
    ['capture.json', '\uFEFF{\n  "log": {\n    "version": "1.2"', 'har'],
    ['command.txt', "curl 'https://h/user/events' -d '[]'", 'curl'],
    ['events.json', '  curl https://h', 'curl'],
    ['notes.txt', 'hello there', null],
    ['empty', '', null],
  ])('%s starting %j is %s', (name, head, format) => {
    expect(detectFormat(name, head)).toBe(format);
  });
});
