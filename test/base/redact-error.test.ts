import { describe, expect, it } from 'vitest';
import { redactedError } from '../../base/common/redaction/redact.ts';
import { environmentSecrets } from '../../app/cli/main.ts';

/** Issue #29 item 4: what the command line's and the services' last resort print of an error nothing caught. */

describe('an error nothing caught', () => {
  it('is one masked line: its name and message, the secret gone in every form, no stack, cut short', () => {
    const password = 'p@ss "wörd"/<&>';
    const error = new SyntaxError(
      `Invalid regular expression: /${password}|${JSON.stringify(password)}|${encodeURIComponent(password)}|${'x'.repeat(300_000)}/: Regular expression too large`,
    );
    const line = redactedError(error, [password]);
    expect(line.startsWith('SyntaxError: Invalid regular expression: /••••|"••••"|••••|')).toBe(true);
    expect(line).not.toContain('\n');
    expect(line).not.toContain(' at ');
    expect(line.length).toBeLessThanOrEqual(2000);
    expect(redactedError('plain text hunter2', ['hunter2'])).toBe('plain text ••••');
  });

  it('is masked with the secrets the environment gives the command line', () => {
    expect(
      environmentSecrets({
        EVENTDESK_PASSWORD: 'pw-1',
        EVENTDESK_API_KEY: 'key-2',
        EVENTDESK_STAGING_PASSWORD: 'pw-3',
        EVENTDESK_USERNAME: 'qa',
        HOME: '/root',
        EVENTDESK_API_TOKEN: '',
      }),
    ).toEqual(['pw-1', 'key-2', 'pw-3']);
  });
});
