import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, packageSpec, readInputs } from '../../action/inputs.ts';

const cwd = path.resolve('/work/repo');

describe('the version the action installs', () => {
  it("is the action's own when none is given, an exact version otherwise", () => {
    expect(packageSpec('', '0.3.1', cwd)).toBe('eventdesk@0.3.1');
    expect(packageSpec(' 0.2.0 ', '0.3.1', cwd)).toBe('eventdesk@0.2.0');
    expect(packageSpec('1.0.0-rc.2', '0.3.1', cwd)).toBe('eventdesk@1.0.0-rc.2');
  });

  it('may be a tarball: a path, made absolute against the working directory, or a URL as given', () => {
    expect(packageSpec('out/eventdesk-0.3.1.tgz', '0.3.1', cwd)).toBe(path.join(cwd, 'out', 'eventdesk-0.3.1.tgz'));
    expect(packageSpec('https://example.test/eventdesk-0.3.1.tgz', '0.3.1', cwd)).toBe('https://example.test/eventdesk-0.3.1.tgz');
  });

  it.each(['latest', '^0.3.0', '0.3', '0.3.x', '>=0.3.0', 'next'])('is never %s, which changes unseen', (version) => {
    expect(() => packageSpec(version, '0.3.1', cwd)).toThrow(InputError);
    expect(() => packageSpec(version, '0.3.1', cwd)).toThrow(`version: "${version}" is neither an exact version (such as 0.3.1) nor a package tarball (.tgz)`);
  });
});

describe('the inputs', () => {
  it("default to every scenario of the working directory's workspace, no sandbox, the report in eventdesk-report", () => {
    expect(readInputs({}, cwd, '0.3.1')).toEqual({
      packageSpec: 'eventdesk@0.3.1',
      workspace: cwd,
      scenarios: [],
      target: [],
      bail: false,
      sandbox: null,
      reportDir: path.join(cwd, 'eventdesk-report'),
    });
  });

  it("read the variables action.yml sets, `-` in a name as `_`; the plan is the workspace's, the report folder the job's", () => {
    const inputs = readInputs(
      {
        INPUT_WORKSPACE: 'shop',
        INPUT_SCENARIOS: 'scenarios/smoke.scenario.json\r\n  scenarios/checkout folder \n\n',
        INPUT_ENVIRONMENT: 'staging',
        INPUT_BAIL: 'true',
        INPUT_SANDBOX: 'true',
        INPUT_SANDBOX_PORT: '4800',
        INPUT_SANDBOX_PLAN: 'plans/shop.plan.json',
        INPUT_SANDBOX_TIMEOUT: '5',
        INPUT_REPORT_DIR: 'reports',
      },
      cwd,
      '0.3.1',
    );
    expect(inputs).toEqual({
      packageSpec: 'eventdesk@0.3.1',
      workspace: path.join(cwd, 'shop'),
      scenarios: ['scenarios/smoke.scenario.json', 'scenarios/checkout folder'],
      target: ['--env', 'staging'],
      bail: true,
      sandbox: { port: 4800, plan: path.join(cwd, 'shop', 'plans', 'shop.plan.json'), timeoutMs: 5000 },
      reportDir: path.join(cwd, 'reports'),
    });
    expect(readInputs({ INPUT_BASE_URL: 'https://staging.example.test', INPUT_SANDBOX: 'true' }, cwd, '0.3.1')).toMatchObject({
      target: ['--base-url', 'https://staging.example.test'],
      sandbox: { port: 4797, plan: null, timeoutMs: 30_000 },
    });
  });

  it.each([
    [{ INPUT_ENVIRONMENT: 'staging', INPUT_BASE_URL: 'https://staging.example.test' }, 'environment and base-url: give one of them, not both.'],
    [{ INPUT_BAIL: 'yes' }, 'bail: "yes" is neither true nor false.'],
    [{ INPUT_SANDBOX: 'true', INPUT_SANDBOX_PORT: 'eighty' }, 'sandbox-port: "eighty" is not a whole number.'],
    [{ INPUT_SANDBOX: 'true', INPUT_SANDBOX_TIMEOUT: '1.5' }, 'sandbox-timeout: "1.5" is not a whole number.'],
  ])('refuse %o with one line saying which and why', (env, message) => {
    expect(() => readInputs(env, cwd, '0.3.1')).toThrow(new InputError(message));
  });
});
