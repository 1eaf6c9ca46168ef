import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../base/common/datetime.ts';
import { EXPORT_FORMAT } from '../../../features/environments/common/environment.ts';
import { TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { authenticated, sendEvents, useSandbox } from '../../features/sandbox/sandbox-client.ts';
import { runCli, type CliRun } from '../../support/cli-run.ts';

let folder: string;
let clean: string;
let broken: string;

/** An event of an hour ago, so the "future" and "very old" checks stay quiet whenever this runs. */
function event(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    token: 'tok_1',
    attributes: { plan: 'pro' },
    created_at: formatDateTime(new Date(Date.now() - 3_600_000), 'UTC'),
    svc_id: 12,
    device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    customer_id: 'customer-1',
    ...overrides,
  };
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-validate-'));
  clean = path.join(folder, 'clean.json');
  broken = path.join(folder, 'broken.json');
  await writeFile(clean, JSON.stringify([event(), event({ token: 'tok_2', device_id: 'not-a-uuid' })], null, 2));
  await writeFile(broken, JSON.stringify([event(), event({ token: 'tok_2', svc_id: '12' })], null, 2));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

function runValidate(args: string[], stdin?: string): Promise<CliRun> {
  return runCli(['validate', ...args], { stdin });
}

describe('eventdesk validate', () => {
  it('exits 0 on a batch with warnings only, and lists them', async () => {
    const { code, stdout } = await runValidate([clean]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      `${clean}:19:18  warning  device-id-not-uuid  event 2 (/1/device_id): device_id should be UUID-shaped (8-4-4-4-12 hexadecimal digits), not the string "not-a-uuid".\n${clean}: 0 errors, 1 warning in 2 events.\n`,
    );
  });

  it('exits 1 on a batch with errors, each at its line and column', async () => {
    const { code, stdout } = await runValidate([broken]);
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual([
      `${broken}:18:15  error    service-id-not-integer  event 2 (/1/svc_id): svc_id must be an integer, not the string "12".`,
      `${broken}: 1 error, 0 warnings in 2 events.`,
      '',
    ]);
  });

  it('prints a JSON array of diagnostics with --json', async () => {
    const { code, stdout } = await runValidate([broken, '--json']);
    expect(code).toBe(1);
    const diagnostics = JSON.parse(stdout) as Diagnostic[];
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        code: 'service-id-not-integer',
        message: 'svc_id must be an integer, not the string "12".',
        path: '/1/svc_id',
        line: 18,
        column: 15,
        endLine: 18,
        endColumn: 19,
        fix: { title: 'Change to the number 12', edits: [{ line: 18, column: 15, endLine: 18, endColumn: 19, text: '12' }] },
      },
    ]);
  });

  it('reads standard input for -', async () => {
    const { code, stdout } = await runValidate(['-'], '[\n  {"token": 1}\n');
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^<stdin>:3:1 {2}error {4}not-json {2}The text is not valid JSON: it ends where ',' or '\]' should be\.\n<stdin>: 1 error, 0 warnings\.\n$/,
    );
  });

  it('reads the service-id field name from --env', async () => {
    const environments = path.join(folder, 'environments.json');
    await writeFile(
      environments,
      JSON.stringify({ format: EXPORT_FORMAT, version: 1, environments: [{ name: 'Acme', serviceIdField: 'acme_id', timeZone: 'UTC' }] }),
    );
    const { code, stdout } = await runValidate([clean, '--env', environments, '--json']);
    expect(code).toBe(0);
    const codes = (JSON.parse(stdout) as Diagnostic[]).map((diagnostic) => [diagnostic.code, diagnostic.path]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['unknown-field', '/0/svc_id'],
        ['missing-service-id', '/0'],
      ]),
    );
  });

  it('takes the rule severities of --env: a missing field it requires is an error', async () => {
    const environments = path.join(folder, 'strict.json');
    await writeFile(
      environments,
      JSON.stringify({ format: EXPORT_FORMAT, version: 1, environments: [{ name: 'Strict', ruleSeverity: { 'missing-customer-id': 'error' } }] }),
    );
    const batch = path.join(folder, 'no-customer.json');
    const { customer_id: _customer, ...withoutCustomer } = event();
    await writeFile(batch, JSON.stringify([withoutCustomer]));
    const { code, stdout } = await runValidate([batch, '--env', environments, '--json']);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as Diagnostic[]).map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([['missing-customer-id', 'error']]);
  });

  it('reads an NDJSON file as the JSON array of its events, and refuses one that is not NDJSON', async () => {
    const lines = path.join(folder, 'events.ndjson');
    await writeFile(lines, `${JSON.stringify(event())}\n\n${JSON.stringify(event({ token: 'tok_2' }))}\n`);
    const read = await runValidate([lines]);
    expect(read.code).toBe(0);
    expect(read.stderr).toContain(`${lines} is NDJSON: read as a JSON array of its 2 events, each where it is in the file.`);
    const broken = path.join(folder, 'broken.jsonl');
    await writeFile(broken, '{"token": "a"}\n[1, 2]\n');
    const refused = await runValidate([broken]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${broken}: it does not read as NDJSON: Line 2 holds a list, not one event object.`);
  });

  it("points an NDJSON file's problems at their line and column in the file, as --json does", async () => {
    const lines = path.join(folder, 'positions.ndjson');
    const third = JSON.stringify(event({ token: 'tok_3', svc_id: '12' }));
    await writeFile(lines, `${JSON.stringify(event())}\n\n${third}\n`);
    const column = third.indexOf('"12"') + 1;
    const read = await runValidate([lines]);
    expect(read.code).toBe(1);
    expect(read.stdout.split('\n')[0]).toBe(
      `${lines}:3:${column}  error    service-id-not-integer  event 2 (/1/svc_id): svc_id must be an integer, not the string "12".`,
    );
    const json = await runValidate([lines, '--json']);
    expect((JSON.parse(json.stdout) as Diagnostic[]).map(({ line, column: at, endLine, fix }) => ({ line, at, endLine, fix }))).toEqual([
      { line: 3, at: column, endLine: 3, fix: undefined },
    ]);
  });

  it("reads the sandbox's traffic saved as JSON as the events it carried, not as a batch of records", async () => {
    const sandbox = await useSandbox({ port: 0 });
    const headers = await authenticated(sandbox);
    await sendEvents(sandbox, [event({ token: 'tok_a' }), event({ token: 'tok_b' })], headers);
    await sendEvents(sandbox, [event({ token: 'tok_c', svc_id: '12' })], headers);
    const traffic = path.join(folder, 'requests.json');
    await writeFile(traffic, await (await fetch(`${sandbox.url}/_sandbox/requests`)).text());
    const { code, stdout, stderr } = await runValidate([traffic]);
    expect(stderr).toContain(
      `${traffic} is the sandbox's traffic saved as JSON: read as a JSON array of the 3 events it carried; positions are in that array.`,
    );
    expect(stdout.split('\n').slice(-2)).toEqual([`${traffic}: 1 error, 0 warnings in 3 events.`, '']);
    expect(stdout).toContain('event 3 (/2/svc_id): svc_id must be an integer, not the string "12".');
    expect(code).toBe(1);
  });

  it('answers 20 MB of [ with one error where level 65 opens', async () => {
    const deep = path.join(folder, 'deep.json');
    await writeFile(deep, '['.repeat(20 * 1024 * 1024));
    const { code, stdout, stderr } = await runValidate([deep]);
    expect(code).toBe(1);
    expect(stdout).toBe(`${deep}:1:65  error    json-too-deep  ${TOO_DEEP_MESSAGE}\n${deep}: 1 error, 0 warnings.\n`);
    expect(stderr).toBe('');
  });

  it.each([
    [['/no/such/batch.json'], 'eventdesk validate: cannot read /no/such/batch.json: no such file.\n'],
    [[], 'Name the batch file to check'],
    [['--colour'], 'eventdesk validate: unknown option --colour.\n'],
    [['x.json', '--env', '/no/such/env.json'], 'eventdesk validate: --env: cannot read /no/such/env.json: no such file.\n'],
  ])('exits 2 on unusable input %j', async (args, words) => {
    const { code, stdout, stderr } = await runValidate(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(words);
  });
});
