import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../base/common/datetime.ts';
import hostile from '../../fixtures/hostile/catastrophic-patterns.json' with { type: 'json' };
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { runCli } from '../../support/cli-run.ts';

/** `eventdesk validate --plan` and `eventdesk plan check`, run as a user runs them: the real CLI in its own process. */

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/plans');
const SHOP = path.join(fixtures, 'shop.plan.json');
const APP = path.join(fixtures, 'app.plan.json');
let folder: string;

/** A purchase of an hour ago, so the batch's own checks stay quiet whenever this runs. */
function purchase(attributes: Record<string, unknown>, index = 0): Record<string, unknown> {
  return {
    token: 'purchase',
    attributes: { spend: '12.50', currency: 'EUR', ...attributes },
    created_at: formatDateTime(new Date(Date.now() - 3_600_000), 'UTC'),
    svc_id: 7,
    device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    customer_id: `customer-${index}`,
  };
}

async function write(name: string, value: unknown): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-'));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('eventdesk validate --plan', () => {
  it('lists plan violations with their line, column, event and pointer, and exits 1 on an error', async () => {
    const batch = await write('yen.json', [purchase({}), purchase({ currency: 'YEN' }, 1)]);
    const { code, stdout } = await runCli(['validate', batch, '--plan', SHOP]);
    expect(code).toBe(1);
    expect(stdout).toBe(
      `${batch}:17:19  error    attribute-value  event 2 (/1/attributes/currency): expected one of "EUR", "USD", "GBP", saw "YEN"\n${batch}: 1 error, 0 warnings in 2 events.\n`,
    );
  });

  it('exits 0 when the plan finds only warnings', async () => {
    const batch = await write('coupon.json', [purchase({ coupon: 'SPRING' })]);
    const { code, stdout } = await runCli(['validate', batch, '--plan', SHOP]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'warning  attribute-unknown  event 1 (/0/attributes/coupon): not planned for "purchase" events, which take only the attributes spend and currency',
    );
  });

  it('prints plan violations in the JSON array of diagnostics with --json', async () => {
    const batch = await write('missing.json', [purchase({ spend: undefined })]);
    const { code, stdout } = await runCli(['validate', batch, '--plan', SHOP, '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout) as Diagnostic[]).toEqual([
      {
        severity: 'error',
        code: 'attribute-missing',
        message: 'missing; "purchase" events require it (a string matching ^\\d+\\.\\d{2}$)',
        path: '/0/attributes/spend',
        line: 4,
        column: 5,
        endLine: 4,
        endColumn: 17,
      },
    ]);
  });

  it('exits 2, saying where, when the plan is not JSON or no plan', async () => {
    const batch = await write('fine.json', [purchase({})]);
    const notJson = await write('broken.plan.json', '{"name": "shop",\n "events": }');
    const noPlan = await write('empty.plan.json', '{}');
    const first = await runCli(['validate', batch, '--plan', notJson]);
    expect(first.code).toBe(2);
    expect(first.stderr).toContain(`eventdesk validate: --plan: ${notJson} is not JSON: line 2, column 12:`);
    const second = await runCli(['validate', batch, '--plan', noPlan]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`--plan: ${noPlan} is not a tracking plan: /: missing "name"; /: missing "events".`);
    const third = await runCli(['validate', batch, '--plan', path.join(folder, 'nowhere.plan.json')]);
    expect(third.code).toBe(2);
    expect(third.stderr).toContain(`cannot read ${path.join(folder, 'nowhere.plan.json')}`);
  });

  it('ends quickly on values of 50 000 characters against patterns that backtrack catastrophically in JavaScript, and checks them in full', async () => {
    const events = Object.fromEntries(
      hostile.patterns.map(({ pattern }, index) => [`p${index}`, { attributes: { properties: { x: { type: 'string', pattern } } } }]),
    );
    const plan = await write('slow.plan.json', { name: 'slow', events });
    const batch = await write(
      'long.json',
      hostile.patterns.map(({ value, tail }, index) => ({ ...purchase({}, index), token: `p${index}`, attributes: { x: `${value.repeat(50_000)}${tail}` } })),
    );
    // Ended from here well before the test's own time limit, so a check that never ends fails this test, not the run.
    const { code, stdout, stderr } = await runCli(['validate', batch, '--plan', plan], { timeout: 15_000 });
    expect(stderr).toBe('');
    const refused = hostile.patterns.flatMap(({ pattern, value, tail }, index) => (new RegExp(pattern, 'u').test(`${value.repeat(4)}${tail}`) ? [] : [index]));
    expect(refused.length).toBeGreaterThan(0);
    expect(code).toBe(1);
    for (const index of refused)
      expect(stdout).toContain(`event ${index + 1} (/${index}/attributes/x): expected a string matching ${hostile.patterns[index]!.pattern}, saw`);
  });
});

describe('eventdesk plan check', () => {
  it('exits 0 with a summary for a sound plan', async () => {
    expect(await runCli(['plan', 'check', SHOP])).toEqual({ code: 0, stdout: 'plan shop v3: 1 kind\n', stderr: '' });
    expect((await runCli(['plan', 'check', APP])).stdout).toBe('plan mobile app v2026-11-01: 3 kinds\n');
  });

  it('names each broken schema with its kind and path, and exits 1', async () => {
    const plan = await write('kinds.plan.json', {
      name: 'shop',
      events: {
        purchase: { attributes: { properties: { currency: { $ref: '#/$defs/currency' } } } },
        refund: { attributes: { properties: { spend: { type: 'string', pattern: '^(?=.*\\d).{8,}$', patern: 'x' } } } },
      },
    });
    const { code, stdout } = await runCli(['plan', 'check', plan]);
    expect(code).toBe(1);
    expect(stdout.split('\n')).toEqual([
      `${plan}  error    kind "purchase", /events/purchase/attributes/properties/currency/$ref: $ref "#/$defs/currency" points nowhere`,
      expect.stringMatching(
        /^.*kinds\.plan\.json {2}error {4}kind "refund", \/events\/refund\/attributes\/properties\/spend\/pattern: the pattern \^\(\?=\.\*\\d\)\.\{8,\}\$ uses a lookahead or lookbehind, /,
      ),
      'plan shop: 2 kinds; 2 errors, 0 warnings',
      '',
    ]);
  });

  it('exits 0 on warnings only, such as an unknown keyword', async () => {
    const plan = await write('typo.plan.json', { name: 'shop', events: { purchase: { attributes: { properties: { spend: { patern: 'x' } } } } } });
    const { code, stdout } = await runCli(['plan', 'check', plan]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      `${plan}  warning  kind "purchase", /events/purchase/attributes/properties/spend/patern: unknown keyword: "patern"\nplan shop: 1 kind; 0 errors, 1 warning\n`,
    );
  });

  it('prints the summary and problems as JSON with --json', async () => {
    const { code, stdout } = await runCli(['plan', 'check', APP, '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ ok: true, name: 'mobile app', version: '2026-11-01', kinds: 3, problems: [] });
    const notJson = await write('not.plan.json', 'name: shop');
    const refused = await runCli(['plan', 'check', notJson, '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({
      ok: false,
      error: {
        code: 'plan-not-json',
        message: `${notJson} is not JSON: line 1, column 1: expected a value (an object, array, string, number, true, false or null), found 'name'.`,
      },
    });
  });

  it('exits 1 for a file that is no plan, 2 for one that cannot be read or a call without a file', async () => {
    const notJson = await write('yaml.plan.json', 'name: shop');
    const refused = await runCli(['plan', 'check', notJson]);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^eventdesk plan check: .*yaml\.plan\.json is not JSON: line 1, column 1: /);
    const unreadable = await runCli(['plan', 'check', path.join(folder, 'nowhere.plan.json')]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('eventdesk plan check: ');
    expect(unreadable.stderr).not.toContain('--help');
    expect((await runCli(['plan', 'check'])).stderr).toContain('Name the plan file to check.');
  });

  it('is listed among the plan subcommands', async () => {
    expect((await runCli(['plan', '--help'])).stdout).toContain('  check       Check that a plan file is a plan and each of its schemas compiles\n');
  });
});
