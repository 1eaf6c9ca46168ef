/**
 * The environment variables the command line reads credentials from, never from flags (so they
 * sit in no shell history); named here for the command line and for the Sandbox tab's snippet.
 */
export const SECRET_VARIABLES = { username: 'EVENTDESK_USERNAME', password: 'EVENTDESK_PASSWORD', apiKey: 'EVENTDESK_API_KEY' } as const;

export interface SecretVariableNames {
  username: string;
  password: string;
  apiKey: string;
}

/**
 * The variables of one named environment (`eventdesk run` gives them to that environment only):
 * EVENTDESK_<NAME>_USERNAME, _PASSWORD and _API_KEY, where NAME is the environment's name without
 * accents, in capitals, each run of characters other than A-Z and 0-9 made one "_", none at
 * either end: "staging-eu" and "Staging EU" read EVENTDESK_STAGING_EU_PASSWORD. Null when the
 * name has no letter or digit of A-Z and 0-9 to make one from.
 */
export function environmentSecretVariables(environmentName: string): SecretVariableNames | null {
  const key = environmentName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (key === '') return null;
  return { username: `EVENTDESK_${key}_USERNAME`, password: `EVENTDESK_${key}_PASSWORD`, apiKey: `EVENTDESK_${key}_API_KEY` };
}
