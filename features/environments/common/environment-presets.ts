import { originOf, type EnvironmentSettings } from './environment.ts';

/**
 * Environments a user starts from: a blank one, or a service EventDesk knows. A preset fills the
 * address and the names the service uses, never a credential or an account.
 */

export interface EnvironmentPreset {
  id: string;
  /** How the New environment dialog offers it. */
  label: string;
  settings: Pick<EnvironmentSettings, 'name' | 'baseUrl' | 'serviceIdField'>;
  /** What the service's public documentation does not state, each with the setting to check. */
  unstated: { gap: string; check: string }[];
}

/** EMMA's REST API: `POST /oauth2/login`, the `apiKey` header, `POST /user/events`; the service-id field is `emma_id`. */
export const EMMA_PRESET: EnvironmentPreset = {
  id: 'emma',
  label: "EMMA's REST API (ws.emma.io)",
  settings: { name: 'EMMA', baseUrl: 'https://ws.emma.io', serviceIdField: 'emma_id' },
  unstated: [
    {
      gap: 'Which status codes it answers, and what their bodies hold.',
      check: 'Attempts per chunk: 408, 429 and 5xx are retried, 401 logs in again once, 413 splits the chunk.',
    },
    {
      gap: "How many events or bytes one call may carry (only the 512 custom events, each an event's token, an app may define are stated).",
      check: 'Chunk size and Largest chunk: start small and raise them while calls pass.',
    },
    {
      gap: 'The time zone of created_at and of the token’s expiry.',
      check: 'Time zone of server date-times (UTC): compare a test send in the EMMA dashboard.',
    },
    { gap: 'How a token is renewed (refresh_token has no documented use).', check: 'Remember password, to log in again before the token expires.' },
  ],
};

export const ENVIRONMENT_PRESETS: readonly EnvironmentPreset[] = [EMMA_PRESET];

/** The preset whose service a base URL points at (same origin), or null. */
export function presetOf(baseUrl: string): EnvironmentPreset | null {
  const origin = originOf(baseUrl.trim());
  return ENVIRONMENT_PRESETS.find((preset) => originOf(preset.settings.baseUrl) === origin) ?? null;
}
