import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../../../features/environments/common/environment.ts';
import { runCredentialProblems, runCredentials, type CredentialBinding } from '../../../app/cli/run/run-credentials.ts';

/** Which credentials `eventdesk run` gives an environment a step sends to: bound to the run's own origin. */

const home: CredentialBinding = { home: { name: 'sandbox', origin: 'http://127.0.0.1:4797' }, allowed: [] };
const given = { EVENTDESK_PASSWORD: 'run-password', EVENTDESK_API_KEY: 'run-api-key' };

function environment(name: string, baseUrl: string): EnvironmentSettings {
  return { ...DEFAULT_SETTINGS, name, baseUrl, username: 'demo' };
}

describe('runCredentials', () => {
  it("gives the command line's variables to the run's own origin, whatever the environment there is called", () => {
    const credentials = runCredentials(given, home);
    expect(credentials(environment('sandbox', 'http://127.0.0.1:4797/'))).toEqual({ username: 'demo', password: 'run-password', apiKey: 'run-api-key' });
    expect(credentials(environment('slow sandbox', 'HTTP://127.0.0.1:4797/v2'))).toMatchObject({ password: 'run-password' });
  });

  it('refuses them to an environment at another origin, saying what to set instead', () => {
    const credentials = runCredentials(given, home);
    for (const elsewhere of ['http://127.0.0.1:4798', 'https://127.0.0.1:4797', 'http://localhost:4797', 'https://collector.example']) {
      expect(() => credentials(environment('exfil-target', elsewhere))).toThrow(expect.objectContaining({ code: 'secrets-for-another-server' }));
    }
    expect(() => credentials(environment('exfil-target', 'https://collector.example/x'))).toThrow(
      'EVENTDESK_PASSWORD and EVENTDESK_API_KEY were given for http://127.0.0.1:4797 (environment "sandbox"); the environment "exfil-target" is at https://collector.example: set EVENTDESK_EXFIL_TARGET_PASSWORD and EVENTDESK_EXFIL_TARGET_API_KEY for it, or pass --allow-origin https://collector.example.',
    );
    expect(() => credentials(environment('生産', 'https://collector.example'))).toThrow(
      'the name "生産" makes no variables of its own: pass --allow-origin https://collector.example.',
    );
  });

  it('refuses them everywhere when the run has no environment of its own', () => {
    expect(() => runCredentials(given, { home: null, allowed: [] })(environment('sandbox', 'http://127.0.0.1:4797'))).toThrow(
      'EVENTDESK_PASSWORD and EVENTDESK_API_KEY were given for the environment the run was started for, and it has none (no --env, no --base-url, no "defaultEnvironment"); the environment "sandbox" is at http://127.0.0.1:4797',
    );
  });

  it('gives an environment elsewhere its own variables, and only those', () => {
    const credentials = runCredentials(
      { ...given, EVENTDESK_STAGING_EU_PASSWORD: 'eu-password', EVENTDESK_STAGING_EU_API_KEY: 'eu-api-key', EVENTDESK_STAGING_EU_USERNAME: 'eu-user' },
      home,
    );
    expect(credentials(environment('staging-eu', 'https://eu.example'))).toEqual({ username: 'eu-user', password: 'eu-password', apiKey: 'eu-api-key' });
    expect(() => runCredentials({ ...given, EVENTDESK_STAGING_EU_PASSWORD: 'eu-password' }, home)(environment('staging-eu', 'https://eu.example'))).toThrow(
      expect.objectContaining({
        code: 'run-credentials',
        message: 'EVENTDESK_STAGING_EU_API_KEY is not set. EventDesk reads the API key only from this environment variable.',
      }),
    );
  });

  it('gives them to each origin --allow-origin names', () => {
    const credentials = runCredentials(given, { ...home, allowed: ['https://eu.example'] });
    expect(credentials(environment('staging-eu', 'https://eu.example/api'))).toMatchObject({ password: 'run-password', apiKey: 'run-api-key' });
    expect(() => credentials(environment('other', 'https://us.example'))).toThrow(expect.objectContaining({ code: 'secrets-for-another-server' }));
  });
});

describe('runCredentialProblems', () => {
  const sandbox = environment('sandbox', 'http://127.0.0.1:4797');
  const slow = environment('slow sandbox', 'http://127.0.0.1:4797/v2');

  it('names the variables each environment lacks at once, environments needing the same ones together', () => {
    expect(runCredentialProblems({}, home, [sandbox, slow, { ...environment('staging-eu', 'https://eu.example'), username: '' }])).toEqual([
      'This run needs EVENTDESK_PASSWORD and EVENTDESK_API_KEY (for sandbox; slow sandbox), EVENTDESK_STAGING_EU_USERNAME, EVENTDESK_STAGING_EU_PASSWORD and EVENTDESK_STAGING_EU_API_KEY (for staging-eu, at https://eu.example, or pass --allow-origin https://eu.example): set them and run it again.',
    ]);
    expect(
      runCredentialProblems({ ...given, EVENTDESK_STAGING_EU_PASSWORD: 'eu-password' }, home, [sandbox, environment('staging-eu', 'https://eu.example')]),
    ).toEqual(['This run needs EVENTDESK_STAGING_EU_API_KEY (for staging-eu): set it and run it again.']);
    expect(runCredentialProblems(given, home, [sandbox, slow])).toEqual([]);
  });

  it('says what is wrong with those given, and where a name makes no variables of its own', () => {
    expect(runCredentialProblems({ ...given, EVENTDESK_PASSWORD: 'two\nlines' }, home, [sandbox, environment('生産', 'https://collector.example')])).toEqual([
      'EVENTDESK_PASSWORD: The password contains a line break. Was it read from a file with its newline?',
      'The environment "生産" is at https://collector.example, and its name makes no variables of its own: pass --allow-origin https://collector.example to give it EVENTDESK_PASSWORD and EVENTDESK_API_KEY.',
    ]);
  });
});
