import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../features/workspace/common/duration.ts';
import { readScenarioText } from '../../../features/workspace/common/scenario-file.ts';
import { problemText } from '../../../features/workspace/common/workspace-json.ts';

const FILE = 'scenarios/signup.scenario.json';

function scenarioText(steps: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: 'eventdesk.scenario', version: 1, name: 'Signup', ...extra, steps }, null, 2);
}

function problemOf(text: string): string {
  const read = readScenarioText(FILE, text);
  if (read.ok) throw new Error('expected a problem');
  return read.problems.map(problemText).join('\n');
}

describe('readScenarioText', () => {
  it('reads a valid scenario, onFailure defaulting to stop', () => {
    const read = readScenarioText(FILE, scenarioText([{ send: 'batches/a.json' }, { wait: '2s' }]));
    expect(read).toEqual({
      ok: true,
      scenario: expect.objectContaining({ name: 'Signup', onFailure: 'stop', steps: [{ send: 'batches/a.json' }, { wait: '2s' }] }),
    });
  });

  it('names the file, line and column of broken JSON, and what to do', () => {
    const text = '{\n  "format": "eventdesk.scenario",\n  "name": "x",,\n}';
    expect(problemOf(text)).toBe(`${FILE}:3:15: not valid JSON: expected a field name in double quotes, found ','.`);
  });

  it('names the JSON pointer, place and the schema limit of a bad value', () => {
    const text = scenarioText([{ send: 'batches/a.json' }, { wait: '1s' }, { send: 'batches/b.json', expect: { status: 700 } }]);
    const lines = text.split('\n');
    const line = lines.findIndex((each) => each.includes('"status": 700'));
    expect(problemOf(text)).toBe(
      `${FILE}:${line + 1}:${lines[line]!.indexOf('"status"') + 1}: /steps/2/expect/status: expected a number from 100 to 599, not 700`,
    );
    expect(problemOf(scenarioText([{ send: 'batches/a.json', expect: { accepted: -1 } }]))).toMatch(
      /: \/steps\/0\/expect\/accepted: expected a number of at least 0, not -1$/,
    );
  });

  it('reads a bad step as the kind of step it is meant to be, not as "Invalid input"', () => {
    expect(problemOf(scenarioText([{ send: 'batches/a.json', expect: { outcome: 'fine' } }]))).toMatch(
      /: \/steps\/0\/expect\/outcome: expected "accepted", not "fine"$/,
    );
    expect(problemOf(scenarioText([{ send: 'batches/a.json', sned: 1 }]))).toMatch(
      /: \/steps\/0: "sned" is not a setting of a scenario here: remove it or check the spelling$/,
    );
    expect(problemOf(scenarioText([{ wait: 'soon' }]))).toMatch(/: \/steps\/0\/wait: A duration is a number and a unit/);
    expect(problemOf(scenarioText([{ send: 42 }]))).toMatch(/: \/steps\/0\/send: expected a batch file of the workspace/);
  });

  it('says what is missing', () => {
    expect(problemOf(JSON.stringify({ format: 'eventdesk.scenario', version: 1, steps: [{ wait: '1s' }] }))).toMatch(
      /:1:1: \/name: missing: add it \(a text\)$/,
    );
    expect(problemOf(scenarioText([]))).toMatch(/: \/steps: needs at least 1 entry$/);
  });

  it('refuses a wait past ten minutes, at its place', () => {
    expect(problemOf(scenarioText([{ wait: '11m' }]))).toMatch(/:\d+:\d+: \/steps\/0\/wait: "11m" is longer than the 10 minutes a wait may last\.$/);
  });
});

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['2s', 2000],
    ['1.5s', 1500],
    ['1m', 60_000],
    ['10m', 600_000],
  ])('reads %s', (text, ms) => expect(parseDuration(text)).toEqual({ ok: true, ms }));

  it.each(['2', 's', '2h', '-1s', '10.01m'])('refuses %s', (text) => expect(parseDuration(text).ok).toBe(false));
});
