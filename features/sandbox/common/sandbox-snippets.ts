import { DEFAULT_SETTINGS } from '../../environments/common/environment.ts';
import { quoteShellWord } from '../../formats/common/shell-words.ts';
import { SECRET_VARIABLES } from '../../environments/common/secret-variables.ts';

/**
 * Ready-made text for pointing a script or the command line at the embedded sandbox, as the
 * Sandbox tab offers it to copy: the requests docs/service-api.md §3 describes, for a POSIX shell.
 */

export interface SnippetTarget {
  url: string;
  username: string;
  password: string;
  apiKey: string;
  serviceIdField: string;
  /** The zone of the sandbox's date-times (expires_in, created_at). */
  timeZone: string;
  /** The example event's created_at, `YYYY-MM-DD HH:MM:SS`. */
  createdAt: string;
}

/** One event the sandbox's strict mode takes. */
function exampleEvent(target: SnippetTarget): Record<string, unknown> {
  return {
    token: 'signup',
    attributes: { plan: 'pro' },
    created_at: target.createdAt,
    [target.serviceIdField]: 1,
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    customer_id: 'cust-1',
  };
}

/** A login (§3.1), its access_token taken from the answer, then a batch of one event (§3.2). */
export function curlSnippet(target: SnippetTarget): string {
  const login = JSON.stringify({ username: target.username, password: target.password });
  return [
    `BASE_URL=${quoteShellWord(target.url)}`,
    '# Log in; the answer carries the access token.',
    `TOKEN=$(curl -sS -X POST "$BASE_URL/oauth2/login" -H 'Content-Type: application/json' --data ${quoteShellWord(login)} \\`,
    `  | sed -n 's/.*"access_token":"\\([^"]*\\)".*/\\1/p')`,
    '# Send a batch of events with the API key and the token.',
    'curl -sS -X POST "$BASE_URL/user/events" \\',
    "  -H 'Content-Type: application/json' \\",
    `  -H ${quoteShellWord(`apiKey: ${target.apiKey}`)} \\`,
    '  -H "Authorization: Bearer $TOKEN" \\',
    `  --data ${quoteShellWord(JSON.stringify([exampleEvent(target)]))}`,
    '',
  ].join('\n');
}

/** The variables `eventdesk login` and `eventdesk send` read their credentials from, and the flag that names the sandbox. */
export function cliSnippet(target: SnippetTarget): string {
  const zone = target.timeZone === DEFAULT_SETTINGS.timeZone ? '' : ` --time-zone ${quoteShellWord(target.timeZone)}`;
  const where = `--base-url ${quoteShellWord(target.url)}${zone}`;
  return [
    `export ${SECRET_VARIABLES.username}=${quoteShellWord(target.username)}`,
    `export ${SECRET_VARIABLES.password}=${quoteShellWord(target.password)}`,
    `export ${SECRET_VARIABLES.apiKey}=${quoteShellWord(target.apiKey)}`,
    `eventdesk login ${where}`,
    `eventdesk send batch.json ${where}`,
    '',
  ].join('\n');
}
