import type { Environment } from '../common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import type { Secrets } from './vault.ts';

/**
 * The one place the authenticated headers of service-api.md §4 are built, for the app's
 * sends and the command line alike: the environment's extra headers, then apiKey and
 * Authorization, which an extra header can never replace.
 */
export function buildAuthHeaders(environment: Environment, secrets: Secrets): Record<string, string> {
  if (!secrets.apiKey) {
    throw new AppError('missing-api-key', `"${environment.name}" has no API key. Add it in the environment's settings.`);
  }
  if (!secrets.accessToken) {
    throw new AppError('needs-login', `You are not logged in to "${environment.name}".`);
  }
  return {
    ...Object.fromEntries(environment.extraHeaders.map((header) => [header.name, header.value])),
    'Content-Type': 'application/json',
    apiKey: secrets.apiKey,
    Authorization: `${secrets.tokenType ?? 'Bearer'} ${secrets.accessToken}`,
  };
}
