import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FIXTURES } from '../../features/plans/plan-support.ts';
import { runCli, type CliRun } from '../../support/cli-run.ts';

/** `eventdesk plan infer|import|coverage`, spawned as a user runs them, on files in a temporary folder. */

let folder: string;
let ndjson: string;
let csv: string;

const PURCHASES = Array.from({ length: 3 }, (_, index) => ({
  token: 'purchase',
  customer_id: `c${index}`,
  created_at: '2026-11-20 10:00:00',
  svc_id: 7,
  attributes: { spend: `${index}.50`, currency: 'EUR' },
}));

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-'));
  ndjson = path.join(folder, 'run.ndjson');
  await writeFile(ndjson, [...PURCHASES, { token: 'debug', attributes: {} }].map((event) => JSON.stringify(event)).join('\n'));
  csv = path.join(folder, 'signups.csv');
  await writeFile(csv, 'token,customer_id,plan\nsignup,c1,free\nsignup,c2,pro\n');
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

const plan = (args: string[], stdin = ''): Promise<CliRun> => runCli(['plan', ...args], { stdin });

/** The sign-ups' columns: a CSV export with only these three has no column for the service's other fields. */
const CSV_MAP = 'token=token,customer_id=customer_id,plan=attributes.plan';

const DRAFT = {
  name: 'Draft plan',
  key: 'token',
  events: {
    debug: { attributes: { type: 'object', properties: {}, additionalProperties: false } },
    purchase: {
      attributes: {
        type: 'object',
        properties: { currency: { type: 'string' }, spend: { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' } },
        required: ['currency', 'spend'],
        additionalProperties: false,
      },
    },
    signup: { attributes: { type: 'object', properties: { plan: { type: 'string' } }, required: ['plan'], additionalProperties: false } },
  },
};

describe('eventdesk plan', () => {
  it('lists its subcommands, and refuses an unknown one or none with exit code 2', async () => {
    const help = await plan(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: eventdesk plan <subcommand> \[options\]\n\nSubcommands:\n {2}infer {7}.+\n {2}import {6}.+\n {2}coverage {4}.+\n/);
    expect(await plan(['frobnicate'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'eventdesk plan: Unknown subcommand "frobnicate": infer, import, coverage, check. Run "eventdesk plan --help".\n',
    });
    expect((await plan([])).code).toBe(2);
    expect(await plan(['infer', ndjson, '--bogus'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'eventdesk plan infer: unknown option --bogus.\nRun "eventdesk plan infer --help" for the flags.\n',
    });
  });

  it('infers a draft plan from NDJSON and a mapped CSV, as stable two-space JSON, to a file or standard output', async () => {
    const out = path.join(folder, 'draft.plan.json');
    const written = await plan(['infer', ndjson, csv, '--csv-map', CSV_MAP, '--out', out]);
    expect(written).toEqual({ code: 0, stdout: '', stderr: `eventdesk plan infer: 3 kinds from 6 events of 2 files, written to ${out}.\n` });
    const text = await readFile(out, 'utf8');
    expect(text).toBe(`${JSON.stringify(DRAFT, null, 2)}\n`);
    expect((await plan(['infer', ndjson, csv, '--csv-map', CSV_MAP])).stdout).toBe(text);
  });

  it('infers nothing, and says so with exit code 1, when no event names a kind by the key asked for', async () => {
    expect(await plan(['infer', ndjson, '--key', 'event_name'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'eventdesk plan infer: 4 events had no "event_name" (the first: event 1), so no kind: left out.\n' +
        'eventdesk plan infer: "event_name" names no kind in these events. No field\'s values repeat enough to key by: name the field that says each event\'s kind.\n' +
        `eventdesk plan infer: no kind of event in the 4 events of ${ndjson}; nothing written.\n`,
    });
  });

  it('says when the key differs per event, proposes the fields whose values repeat as --key flags, and keys by a field inside the attributes', async () => {
    const sdk = path.join(folder, 'sdk.ndjson');
    const screens = ['home', 'cart', 'checkout'];
    const events = Array.from({ length: 30 }, (_, index) => ({
      token: `evt-${index}`,
      customer_id: `c${index}`,
      svc_id: 7,
      attributes: { screen: screens[index % 3], platform: index % 2 ? 'ios' : 'android' },
    }));
    await writeFile(sdk, events.map((event) => JSON.stringify(event)).join('\n'));
    const unique = await plan(['infer', sdk, '--out', path.join(folder, 'unique.plan.json')]);
    expect(unique.code).toBe(0);
    expect(unique.stderr).toBe(
      'eventdesk plan infer: "token" differs in nearly every event (30 kinds from 30 events), so each kind would describe single events rather than a kind of event. Fields whose values repeat, best first: key by one of them.\n' +
        '  --key attributes.platform   2 values: android, ios; in all 30 events\n' +
        '  --key attributes.screen     3 values: cart, checkout, home; in all 30 events\n' +
        `eventdesk plan infer: 30 kinds from 30 events of ${sdk}, written to ${path.join(folder, 'unique.plan.json')}.\n`,
    );
    const keyed = await plan(['infer', sdk, '--key', 'attributes.screen']);
    expect(keyed.stderr).toBe(`eventdesk plan infer: 3 kinds from 30 events of ${sdk}.\n`);
    expect(Object.keys((JSON.parse(keyed.stdout) as { events: object }).events)).toEqual(['cart', 'checkout', 'home']);
  });

  it('asks for a mapping for a CSV, as transform does', async () => {
    const run = await plan(['infer', csv]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^eventdesk plan infer: .*signups\.csv is CSV: say which column goes to which field with --csv-map auto/);
  });

  it.each([
    ['json-schema', ['json-schema'], ['Checkout Completed', 'Signed Up', 'search-performed']],
    ['json-schema', ['avo-export.json'], ['Checkout Completed', 'Signed Up']],
    ['segment', ['segment-rules.json'], ['Order Completed', 'Product Viewed']],
    ['rudderstack', ['rudderstack-tracking-plan.json'], ['Order Completed']],
  ])('imports %s from %j', async (format, files, kinds) => {
    const run = await plan(['import', format, ...files.map((file) => path.join(PLAN_FIXTURES, file)), '--name', 'Imported', '--key', 'event']);
    expect(run.code).toBe(0);
    const imported = JSON.parse(run.stdout) as { name: string; key: string; events: Record<string, unknown> };
    expect(imported).toMatchObject({ name: 'Imported', key: 'event' });
    expect(Object.keys(imported.events)).toEqual(kinds);
    expect(run.stdout).toBe(`${JSON.stringify(imported, null, 2)}\n`);
    expect(run.stderr).toMatch(new RegExp(`eventdesk plan import: ${kinds.length} kinds? from \\d+ files?\\.\\n$`));
  });

  it('refuses a file that is not the format named, an unknown format, and a folder with no JSON, each on one line with exit code 2', async () => {
    const rudderstack = path.join(PLAN_FIXTURES, 'rudderstack-tracking-plan.json');
    const wrong = await plan(['import', 'segment', rudderstack]);
    expect(wrong).toMatchObject({ code: 2, stdout: '' });
    expect(wrong.stderr).toBe(
      `eventdesk plan import: ${rudderstack} is not a Segment tracking plan export: no "rules" array (expected the answer of GET /tracking-plans/{id}/rules, {"data": {"rules": [...]}}).\nRun "eventdesk plan import --help" for the flags.\n`,
    );
    expect((await plan(['import', 'mixpanel', rudderstack])).stderr).toMatch(
      /^eventdesk plan import: "mixpanel" is not a format EventDesk imports; it imports json-schema, segment, rudderstack\.\n/,
    );
    const empty = await mkdtemp(path.join(folder, 'empty-'));
    expect((await plan(['import', 'json-schema', empty])).stderr).toBe(
      `eventdesk plan import: ${empty} is a folder with no .json file in it.\nRun "eventdesk plan import --help" for the flags.\n`,
    );
  });

  describe('coverage', () => {
    let planFile: string;

    beforeAll(async () => {
      planFile = path.join(folder, 'shop.plan.json');
      await writeFile(planFile, JSON.stringify({ name: 'Shop', events: { purchase: {}, refund: {}, signup: {} } }));
    });

    it('lists the planned kinds seen and never seen and the unplanned ones, exiting 1 when a planned kind was never seen', async () => {
      const run = await plan(['coverage', ndjson, csv, '--csv-map', CSV_MAP, '--plan', planFile]);
      expect(run).toEqual({
        code: 1,
        stderr: '',
        stdout: [
          `Coverage of ${planFile} (kinds by "token") in 6 events of 2 files:`,
          '  2 of 3 planned kinds seen:',
          '    purchase  3',
          '    signup    2',
          '  never seen (1):',
          '    refund',
          '  unplanned (1 kind, 1 event):',
          '    debug  1',
          '',
        ].join('\n'),
      });
    });

    it('prints JSON with --json, and exits 0 when every planned kind was seen, reading the events from standard input', async () => {
      const run = await plan(
        ['coverage', '-', '--plan', planFile, '--json'],
        JSON.stringify([{ token: 'purchase' }, { token: 'refund' }, { token: 'signup' }, {}]),
      );
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        key: 'token',
        events: 4,
        seen: [
          { key: 'purchase', count: 1 },
          { key: 'refund', count: 1 },
          { key: 'signup', count: 1 },
        ],
        neverSeen: [],
        unplanned: [],
        unplannedUnlisted: 0,
        unkeyed: 1,
      });
    });

    it.each([
      ['{"name": "Shop", "events": [', /^eventdesk plan coverage: --plan: .*broken\.plan\.json: The plan is not valid JSON at line 1, column 29/],
      ['{"name": "Shop"}', /^eventdesk plan coverage: --plan: .*broken\.plan\.json: The plan has no "events" object: a plan is \{"name", "key", "events"/],
    ])('refuses a plan %j with exit code 2', async (text, message) => {
      const broken = path.join(folder, 'broken.plan.json');
      await writeFile(broken, text);
      const run = await plan(['coverage', ndjson, '--plan', broken]);
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toMatch(message);
    });

    it('asks for --plan', async () => {
      expect((await plan(['coverage', ndjson])).stderr).toBe(
        'eventdesk plan coverage: --plan: name the plan file whose coverage to measure.\nRun "eventdesk plan coverage --help" for the flags.\n',
      );
    });
  });
});
