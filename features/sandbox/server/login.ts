import { MASK } from '../../../base/common/redaction/redact.ts';
import { redactLoginBody } from './redaction.ts';
import { sameSecret } from './access.ts';
import type { SandboxUser } from './config.ts';
import { jsonContentTypeProblem, parseJsonBody } from './json-body.ts';
import { failure, type Route } from './route.ts';
import type { TokenStore } from './tokens.ts';

/** POST /oauth2/login (service-api.md §3.1): a username and password for a bearer token. */
export function createLoginRoute(users: readonly SandboxUser[], tokens: TokenStore): Route {
  return {
    showBody: redactLoginBody,
    admit: jsonContentTypeProblem,
    answer(body) {
      const parsed = parseJsonBody(body);
      if (!parsed.ok) return parsed.reply;
      const login = parsed.value;
      if (typeof login !== 'object' || login === null || Array.isArray(login)) {
        return failure(400, 'invalid-login', 'The body must be a JSON object {"username": "...", "password": "..."}.');
      }
      const missing = (['username', 'password'] as const).filter((field) => typeof (login as Record<string, unknown>)[field] !== 'string');
      if (missing.length > 0) return failure(400, 'invalid-login', `The login needs ${missing.join(' and ')} as a string.`);
      const { username, password } = login as { username: string; password: string };
      if (!users.some((user) => user.username === username && sameSecret(password, user.password))) {
        return failure(401, 'invalid-credentials', 'The username or password is wrong.');
      }
      const tokenResponse = tokens.issue();
      return { status: 200, body: tokenResponse, shownBody: { ...tokenResponse, access_token: MASK, refresh_token: MASK } };
    },
  };
}
