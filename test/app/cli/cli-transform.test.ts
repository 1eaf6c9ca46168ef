import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEPS_SHOWN_FROM } from '../../../app/cli/transform/transform.ts';
import { PSEUDONYM_KEY_FILE } from '../../../features/transforms/node/pseudonyms.ts';
import { parseDateTime } from '../../../base/common/datetime.ts';
import { EXPORT_FORMAT } from '../../../features/environments/common/environment.ts';
import { CSV_BOMB_REFUSAL, csvBomb } from '../../fixtures/hostile/csv-bomb.ts';
import { runCli, type CliRun } from '../../support/cli-run.ts';

/** `eventdesk transform`, spawned as a user runs it, on files in a temporary folder. */

let folder: string;
let data: string;
let batch: string;

const EVENTS = [
  {
    token: 't1',
    customer_id: 'cust-7781',
    device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    created_at: '2026-03-28 10:00:00',
    svc_id: 7,
    attributes: { email: 'ada@lovelace.org', plan: 'pro' },
  },
  {
    token: 't2',
    customer_id: 'cust-1',
    device_id: '2b4e28ba-2fa1-41d2-883f-0016d3cca427',
    created_at: '2026-03-28 11:00:00',
    svc_id: 7,
    attributes: { plan: 'free' },
  },
  {
    token: 't3',
    customer_id: 'cust-7781',
    device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    created_at: '2026-03-29 10:30:15',
    svc_id: 7,
    attributes: { note: 'from 8.8.4.4, call +49 30 1234567' },
  },
];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-transform-'));
  data = path.join(folder, 'data');
  batch = path.join(folder, 'support.ndjson');
  await writeFile(batch, EVENTS.map((event) => JSON.stringify(event)).join('\n'));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

function transform(args: string[], stdin = ''): Promise<CliRun> {
  return runCli(['transform', ...args], { stdin, env: { ...process.env, EVENTDESK_DATA_DIR: path.join(folder, 'default-data') } });
}

type Event = (typeof EVENTS)[number] & { attributes: Record<string, string> };

const instant = (text: string, timeZone: string) => {
  const parsed = parseDateTime(text, timeZone);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.getTime();
};

describe('eventdesk transform', () => {
  it('keeps one customer, shifts in the environment’s zone keeping the spacing across DST, pseudonymizes, sets a field', async () => {
    const environment = path.join(folder, 'berlin.json');
    await writeFile(environment, JSON.stringify({ format: EXPORT_FORMAT, version: 1, environments: [{ name: 'Berlin', timeZone: 'Europe/Berlin' }] }));
    const args = [
      batch,
      '--customer',
      'cust-7781',
      '--shift-to',
      '2026-11-24 12:00:00',
      '--env',
      environment,
      '--pseudonymize',
      '--set',
      'svc_id=42',
      '--data',
      data,
    ];
    const run = await transform(args);
    expect(run.stderr).toBe(
      'eventdesk transform: 2 of 3 events kept; times shifted (latest at 2026-11-24 12:00:00 Europe/Berlin); 5 personal values replaced; svc_id set.\n',
    );
    expect(run.code).toBe(0);
    const events = JSON.parse(run.stdout) as Event[];
    expect(events.map((event) => event.token)).toEqual(['t1', 't3']);
    // 23:30:15 apart in Berlin's clocks-forward night; as far apart after the move, where there is no change.
    expect(events.map((event) => event.created_at)).toEqual(['2026-11-23 12:29:45', '2026-11-24 12:00:00']);
    expect(instant(events[1]!.created_at, 'Europe/Berlin') - instant(events[0]!.created_at, 'Europe/Berlin')).toBe(
      instant(EVENTS[2]!.created_at, 'Europe/Berlin') - instant(EVENTS[0]!.created_at, 'Europe/Berlin'),
    );
    expect(events[0]!.customer_id).toMatch(/^cust-[0-9a-f]{12}$/);
    expect(events[1]!.customer_id).toBe(events[0]!.customer_id);
    expect(events[0]!.attributes.email).toMatch(/^user-[0-9a-f]{12}@example\.invalid$/);
    expect(events[1]!.attributes.note).toMatch(/^from (192\.0\.2|198\.51\.100|203\.0\.113)\.\d+, call \+44 [\d ]+$/);
    expect(events.map((event) => event.svc_id)).toEqual([42, 42]);
    for (const original of ['cust-7781', '1b4e28ba', 'ada@lovelace.org', '8.8.4.4', '1234567']) expect(run.stdout).not.toContain(original);

    // The same key, from the same data folder, gives the same replacements on the next run; another folder other ones.
    expect((await transform(args)).stdout).toBe(run.stdout);
    expect((await stat(path.join(data, PSEUDONYM_KEY_FILE))).isFile()).toBe(true);
    const elsewhere = await transform([...args.slice(0, -1), path.join(folder, 'other-data')]);
    expect((JSON.parse(elsewhere.stdout) as Event[])[0]!.customer_id).not.toBe(events[0]!.customer_id);
  });

  it("replaces the whole value of `name` as the app does; --pseudonymize-field replaces that list, and '' names no field", async () => {
    const named = path.join(folder, 'named.json');
    await writeFile(named, JSON.stringify([{ ...EVENTS[1], name: 'Ada Lovelace', attributes: { name: 'Ada', plan: 'free' } }]));
    const pseudonymized = async (...flags: string[]) => {
      const run = await transform([named, '--data', data, ...flags]);
      expect(run.code).toBe(0);
      return (JSON.parse(run.stdout) as (Event & { name: string })[])[0]!;
    };
    const byDefault = await pseudonymized('--pseudonymize');
    expect([byDefault.name, byDefault.attributes.name, byDefault.attributes.plan]).not.toContain('Ada Lovelace');
    expect(byDefault.attributes.name).not.toBe('Ada');
    expect(byDefault.attributes.plan).toBe('free');
    const instead = await pseudonymized('--pseudonymize-field', 'attributes.plan');
    expect([instead.name, instead.attributes.name]).toEqual(['Ada Lovelace', 'Ada']);
    expect(instead.attributes.plan).not.toBe('free');
    const none = await pseudonymized('--pseudonymize-field', '');
    expect([none.name, none.attributes.name, none.attributes.plan]).toEqual(['Ada Lovelace', 'Ada', 'free']);
    expect(none.customer_id).not.toBe(EVENTS[1]!.customer_id);
  });

  it('reads standard input, filters with --where, and writes NDJSON to an .ndjson --out', async () => {
    const out = path.join(folder, 'out.ndjson');
    const run = await transform(['-', '--where', 'attributes.plan = pro or token = t2', '--out', out], await readFile(batch, 'utf8'));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as Event).token)).toEqual(['t1', 't2']);
  });

  it('reads a CSV with --csv-map, and moves the earliest event to now in UTC without --env', async () => {
    const csv = path.join(folder, 'events.csv');
    await writeFile(csv, 'Token,Who,When,Plan\nt1,c-1,2026-01-01 00:00:00,pro\nt2,c-2,2026-01-01 00:00:05,free\n');
    const before = Date.now();
    const run = await transform([
      csv,
      '--csv-map',
      'Token=token,Who=customer_id,When=created_at,Plan=attributes.plan',
      '--shift-to',
      'now',
      '--anchor',
      'earliest',
    ]);
    expect(run.code).toBe(0);
    const events = JSON.parse(run.stdout) as Event[];
    expect(events.map((event) => [event.token, event.customer_id, event.attributes.plan])).toEqual([
      ['t1', 'c-1', 'pro'],
      ['t2', 'c-2', 'free'],
    ]);
    const earliest = instant(events[0]!.created_at, 'UTC');
    expect(earliest).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(earliest).toBeLessThanOrEqual(Date.now());
    expect(instant(events[1]!.created_at, 'UTC') - earliest).toBe(5000);
  });

  it('reads the events a HAR file posted to /user/events', async () => {
    const har = path.join(folder, 'capture.har');
    const entry = (url: string, events: unknown) => ({
      startedDateTime: '2026-11-20T10:00:00Z',
      request: { method: 'POST', url, postData: { text: JSON.stringify(events) } },
    });
    await writeFile(
      har,
      JSON.stringify({
        log: {
          entries: [
            entry('https://api.example.com/user/events', EVENTS.slice(0, 2)),
            entry('https://api.example.com/login', {}),
            entry('https://api.example.com/user/events', [EVENTS[2]]),
          ],
        },
      }),
    );
    const run = await transform([har, '--where', 'customer_id = cust-7781']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('eventdesk transform: Found 3 events in 2 posts to /user/events, of 3 entries.\neventdesk transform: 2 of 3 events kept.\n');
    expect((JSON.parse(run.stdout) as Event[]).map((event) => event.token)).toEqual(['t1', 't3']);
  });

  it("reads several files into one batch, in the order named, each reader's note and each error naming its file", async () => {
    const har = path.join(folder, 'browser.har');
    const entry = (event: unknown) => ({
      startedDateTime: '2026-11-20T10:00:00Z',
      request: { method: 'POST', url: 'https://api.example.com/user/events', postData: { text: JSON.stringify([event]) } },
    });
    await writeFile(har, JSON.stringify({ log: { entries: [entry(EVENTS[1]), entry(EVENTS[2])] } }));
    const out = path.join(folder, 'combined.json');
    const run = await transform([har, batch, '--out', out]);
    expect(run.stderr).toBe(`eventdesk transform: ${har}: Found 2 events in 2 posts to /user/events, of 2 entries.\neventdesk transform: 5 events read.\n`);
    expect(run.code).toBe(0);
    expect((JSON.parse(await readFile(out, 'utf8')) as Event[]).map((event) => event.token)).toEqual(['t2', 't3', 't1', 't2', 't3']);

    const broken = path.join(folder, 'broken.ndjson');
    await writeFile(broken, '{"token":"t9"}\nnot json\n');
    const refused = await transform([batch, broken, '--out', path.join(folder, 'never.json')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`eventdesk transform: ${broken}: Line 2 is not valid JSON`);
    expect(await stat(path.join(folder, 'never.json')).catch(() => null)).toBeNull();

    const none = await transform([har, batch, '--customer', 'nobody']);
    expect(none).toEqual({
      code: 1,
      stdout: '',
      stderr: `eventdesk transform: ${har}: Found 2 events in 2 posts to /user/events, of 2 entries.\neventdesk transform: none of the 5 events of 2 files matches; nothing written.\n`,
    });
  });

  it('says each step as it starts on a big file, and nothing more on a small one', async () => {
    const big = path.join(folder, 'big.ndjson');
    const line = JSON.stringify(EVENTS[0]);
    await writeFile(big, Array.from({ length: STEPS_SHOWN_FROM }, () => line).join('\n'));
    const run = await transform([big, '--shift-to', 'now', '--pseudonymize', '--set', 'svc_id=8', '--data', data, '--out', path.join(folder, 'big-out.json')]);
    expect(run.code).toBe(0);
    const steps = run.stderr.split('\n').filter((text) => text.endsWith('…'));
    expect(steps).toEqual(
      ['shifting the times of', 'pseudonymizing', 'setting svc_id on', 'writing'].map((doing) => `eventdesk transform: ${doing} 20,000 events…`),
    );
    const small = await transform([batch, '--shift-to', 'now', '--data', data, '--out', path.join(folder, 'small-out.json')]);
    expect(small.stderr).not.toContain('…');
  });

  it('exits 1 and writes nothing when no event matches', async () => {
    const run = await transform([batch, '--device', 'no-such-device']);
    expect(run).toEqual({ code: 1, stdout: '', stderr: `eventdesk transform: none of the 3 events of ${batch} matches; nothing written.\n` });
  });

  describe('exits 2 with one clear line on unusable input', () => {
    const help = 'Run "eventdesk transform --help" for the flags.\n';
    it('an unknown field in --where, with its column', async () => {
      const run = await transform([batch, '--where', 'token = t1 and custmer_id = cust-1']);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk transform: --where, column 16: unknown field “custmer_id”: fields are token, customer_id, device_id, created_at, svc_id, attributes or attributes.NAME.\n${help}`,
      });
    });

    it('a --shift-to that is not a date-time', async () => {
      const run = await transform([batch, '--shift-to', '2026-11-31 10:00:00']);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk transform: --shift-to: "2026-11-31 10:00:00" is neither now nor a date-time: 2026-11-31 is not a date in the calendar.\n${help}`,
      });
    });

    it('an unreadable file', async () => {
      const missing = path.join(folder, 'missing.json');
      const run = await transform([missing]);
      expect(run).toEqual({ code: 2, stdout: '', stderr: `eventdesk transform: cannot read ${missing}: no such file.\n` });
    });

    it('a CSV without a mapping, suggesting one', async () => {
      const csv = path.join(folder, 'unmapped.csv');
      await writeFile(csv, 'token,customer\nt1,c-1\n');
      const run = await transform([csv]);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk transform: ${csv} is CSV: say which column goes to which field with --csv-map auto (the app's guess: token=token,customer=customer_id) or --csv-map 'COLUMN=FIELD,…'.\n${help}`,
      });
    });

    it('a CSV past the cell limits, with the numbers, as the app and a run say them', async () => {
      const bomb = path.join(folder, 'bomb.csv');
      await writeFile(bomb, csvBomb(1001));
      expect(await transform([bomb, '--csv-map', 'auto'])).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk transform: ${bomb}: ${CSV_BOMB_REFUSAL}\n${help}`,
      });
    });

    it('a CSV whose columns --csv-map auto cannot all place, naming the fields and the columns seen', async () => {
      const csv = path.join(folder, 'guessed.csv');
      await writeFile(csv, 'Who,timestamp,Plan\nc-1,2026-01-01 00:00:00,pro\n');
      const run = await transform([csv, '--csv-map', 'auto']);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk transform: --csv-map auto found no column in ${csv} for token, device_id, customer_id, svc_id among "Who", "timestamp", "Plan". Say which column goes to which field: the guess, to correct or to keep, is --csv-map 'Who=attributes.Who,timestamp=created_at,Plan=attributes.Plan'.\n${help}`,
      });
      const complete = path.join(folder, 'complete.csv');
      await writeFile(complete, 'token,customer,timestamp,Device ID,svc_id,plan\nt1,c-1,2026-01-01 00:00:00,1b4e28ba-2fa1-41d2-883f-0016d3cca427,7,pro\n');
      const guessed = await transform([complete, '--csv-map', 'auto']);
      expect(guessed.code).toBe(0);
      expect(JSON.parse(guessed.stdout)).toEqual([
        {
          token: 't1',
          customer_id: 'c-1',
          created_at: '2026-01-01 00:00:00',
          device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
          svc_id: 7,
          attributes: { plan: 'pro' },
        },
      ]);
    });

    it('an event whose created_at cannot be shifted', async () => {
      const broken = path.join(folder, 'broken.json');
      await writeFile(broken, JSON.stringify([EVENTS[0], { ...EVENTS[1], created_at: '2026-03-28T11:00:00Z' }]));
      const run = await transform([broken, '--shift-to', 'now']);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk transform: --shift-to: Event 2's created_at is not a date-time: "2026-03-28T11:00:00Z" is not in the form YYYY-MM-DD HH:MM:SS.\n${help}`,
      });
    });

    it('a --set of a field the service does not name, or a value it would not take there, in the app’s words', async () => {
      expect(await transform([batch, '--set', 'custmer_id=c-1'])).toEqual({
        code: 2,
        stdout: '',
        stderr: `eventdesk transform: --set custmer_id=c-1: "custmer_id" is not a field of an event: set token, created_at, svc_id, device_id, customer_id or attributes.NAME.\n${help}`,
      });
      expect((await transform([batch, '--set', 'created_at=2026-11-40 10:00:00'])).stderr).toBe(
        `eventdesk transform: --set created_at=2026-11-40 10:00:00: created_at must be a date-time written YYYY-MM-DD HH:MM:SS (or {{$now}}): 2026-11-40 is not a date in the calendar.\n${help}`,
      );
      expect((await transform([batch, '--set', 'svc_id=seven'])).stderr).toBe(
        `eventdesk transform: --set svc_id=seven: svc_id must be a whole number (or {{$seq}}), not the string "seven".\n${help}`,
      );
      const attribute = await transform([batch, '--set', 'attributes.custmer_id=free']);
      expect(attribute.code).toBe(0);
    });

    it('a created_at in --where that names no day, with its column', async () => {
      const run = await transform([batch, '--where', 'created_at >= 2026-11-40']);
      expect(run).toEqual({ code: 2, stdout: '', stderr: `eventdesk transform: --where, column 15: “2026-11-40” is not a date in the calendar.\n${help}` });
    });

    it('a --set that is not FIELD=VALUE, and --anchor without --shift-to', async () => {
      expect((await transform([batch, '--set', 'plan'])).stderr).toBe(
        `eventdesk transform: --set: "plan" is not FIELD=VALUE, as in svc_id=42 or attributes.plan=pro.\n${help}`,
      );
      expect((await transform([batch, '--anchor', 'earliest'])).stderr).toBe(
        `eventdesk transform: --anchor says which event --shift-to moves; there is no --shift-to.\n${help}`,
      );
    });
  });
});
