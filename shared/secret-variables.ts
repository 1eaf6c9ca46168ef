/**
 * The environment variables the command line reads credentials from, never from flags (so they
 * sit in no shell history); named here for the command line and for the Sandbox tab's snippet.
 */
export const SECRET_VARIABLES = { username: 'EVENTDESK_USERNAME', password: 'EVENTDESK_PASSWORD', apiKey: 'EVENTDESK_API_KEY' } as const;
