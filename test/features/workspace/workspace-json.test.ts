import { describe, expect, it } from 'vitest';
import { readEnvironmentText, readManifestText } from '../../../features/workspace/common/workspace-files.ts';
import { problemText } from '../../../features/workspace/common/workspace-json.ts';

/** What a broken workspace file is told as: the file, the place, what is wrong and what to do. */

const PATH = 'environments/qa.env.json';

describe('reading a workspace file', () => {
  it('places text that is not JSON at its line and column', () => {
    const read = readEnvironmentText('{\n  "name": "qa",\n  "baseUrl": "https://qa.example.com"\n  "chunkSize": 10\n}\n', PATH);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatchObject({ path: PATH, line: 4, column: 3 });
    expect(problemText(read.problems[0]!)).toMatch(/^environments\/qa\.env\.json:4:3: not valid JSON: .+\.$/);
  });

  it('names a value of the wrong type by its pointer, at its key, and says what to do', () => {
    const read = readEnvironmentText('{\n  "name": "qa",\n  "baseUrl": "https://qa.example.com",\n  "chunkSize": "500"\n}\n', PATH);
    if (read.ok) throw new Error('read');
    expect(read.problems.map(problemText)).toEqual(['environments/qa.env.json:4:3: /chunkSize: expected a number, saw "500"; correct the value.']);
  });

  it('names an unknown key and a missing one', () => {
    const read = readEnvironmentText('{\n  "name": "qa",\n  "chunkSise": 10\n}\n', PATH);
    if (read.ok) throw new Error('read');
    expect(read.problems.map(problemText).sort()).toEqual([
      'environments/qa.env.json:1:1: /baseUrl: missing; add "baseUrl" (a string).',
      'environments/qa.env.json:3:3: /chunkSise: unknown key "chunkSise"; remove it or correct its spelling.',
    ]);
  });

  it('names nested places by their JSON pointer, counted from 0', () => {
    const text = '{"name": "qa", "baseUrl": "x", "extraHeaders": [{"name": "a", "value": "b"}, {"name": 3, "value": "c"}]}';
    const read = readEnvironmentText(text, PATH);
    if (read.ok) throw new Error('read');
    const column = text.indexOf('"name": 3') + 1;
    expect(read.problems.map(problemText)).toEqual([
      `environments/qa.env.json:1:${column}: /extraHeaders/1/name: expected a string, saw 3; correct the value.`,
    ]);
  });

  it('refuses a manifest of another format, naming eventdesk.json', () => {
    const read = readManifestText('{"format": "eventdesk.environment", "version": 1, "name": "shop"}');
    if (read.ok) throw new Error('read');
    expect(read.problems.map(problemText)).toEqual(['eventdesk.json:1:2: /format: Invalid input: expected "eventdesk.workspace".']);
  });
});
