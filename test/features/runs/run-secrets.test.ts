import { describe, expect, it } from 'vitest';
import { runEnvironmentNames, stepEnvironment } from '../../../features/runs/common/run-environments.ts';
import { lackingText, secretsLacking } from '../../../features/runs/common/run-secrets.ts';
import type { SessionView } from '../../../features/environments/common/session.ts';
import { environment } from '../../renderer/runs/runs-fixtures.ts';

const active = { state: 'active' } as SessionView;
const bare = { ...environment('qa', 'qa'), apiKey: { set: false, hint: null } };
const keyed = environment('qa', 'qa');

describe('what a run’s environment lacks', () => {
  it('is its API key when none is set, and a password when no login holds and none is remembered to renew one', () => {
    expect(secretsLacking(bare, null)).toEqual({ environment: bare, password: true, apiKey: true });
    expect(secretsLacking(bare, active)).toEqual({ environment: bare, password: false, apiKey: true });
    expect(secretsLacking(keyed, { state: 'expired' } as SessionView)).toEqual({ environment: keyed, password: true, apiKey: false });
    expect(secretsLacking({ ...keyed, rememberPassword: true, passwordRemembered: true }, null)).toBeNull();
    expect(secretsLacking(keyed, active)).toBeNull();
  });

  it('is said in one sentence naming every environment', () => {
    expect(lackingText([secretsLacking(bare, null)!, secretsLacking({ ...bare, name: 'staging' }, active)!])).toBe(
      'The run needs, before it starts: “qa” a login and an API key; “staging” an API key. Enter them, and start it again.',
    );
  });
});

const send = (environment?: string) => ({ send: 'batches/a.json', ...(environment ? { environment } : {}) });

describe('the environments a run sends to', () => {
  it("are each step's own, else the run's, else its scenario's, else the workspace's default", () => {
    expect(stepEnvironment(send('eu'), { environment: 'qa' }, 'run')).toBe('eu');
    expect(stepEnvironment(send(), { environment: 'qa' }, 'run')).toBe('run');
    expect(stepEnvironment(send(), { environment: 'qa' }, null)).toBe('qa');
    expect(stepEnvironment(send(), {}, null)).toBeNull();
  });

  it('name each once, in the order first sent to, leaving out waits and steps with nowhere to go', () => {
    const scenarios = [{ environment: 'qa', steps: [{ wait: '1s' }, send(), send('eu')] }, { steps: [send(), send('qa')] }];
    expect(runEnvironmentNames(scenarios, null, 'sandbox')).toEqual(['qa', 'eu', 'sandbox']);
    expect(runEnvironmentNames(scenarios, 'staging', 'sandbox')).toEqual(['staging', 'eu', 'qa']);
    expect(runEnvironmentNames(scenarios, null, null)).toEqual(['qa', 'eu']);
    expect(runEnvironmentNames([{ steps: [{ wait: '1s' }] }], null, 'sandbox')).toEqual([]);
  });
});
