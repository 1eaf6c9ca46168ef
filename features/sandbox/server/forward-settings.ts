import { z } from 'zod';
import { DEFAULT_SETTINGS, LIMITS } from '../../environments/common/environment.ts';

/**
 * Where a forwarding sandbox passes requests on to (`eventdesk sandbox --forward URL`), and how
 * long it waits for the upstream's answer.
 */

/** Why `text` cannot be an upstream's base URL, in a sentence; null when it can. */
export function upstreamUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not an absolute URL; give one such as https://api.example.com.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `The upstream must be an http or https URL, not ${url.protocol.slice(0, -1)}.`;
  // The SDK's own credentials go through; the sandbox holds none of its own for the upstream.
  if (url.username !== '' || url.password !== '')
    return 'The upstream URL must not hold a username or password: the SDK logs in with its own credentials, which are passed on.';
  if (url.search !== '' || url.hash !== '') return "The upstream URL must not hold a query or a fragment: each request's own path and query are added to it.";
  return null;
}

export const ForwardSettingsSchema = z.strictObject({
  url: z.string().superRefine((text, context) => {
    const problem = upstreamUrlProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  }),
  /** The whole exchange with the upstream, from connecting to the end of its answer; an environment's request timeout by default. */
  timeoutMs: z.number().int().min(1).max(LIMITS.requestTimeoutMs.max).default(DEFAULT_SETTINGS.requestTimeoutMs),
  /**
   * Whether the exchange is kept where the user can look at it later, so that a 502 may say the
   * request was recorded: `eventdesk sandbox` says so only with --capture (its traffic in memory
   * is gone when it stops). Absent, as the app leaves it: its Sandbox tab and capture keep every one.
   */
  recorded: z.boolean().optional(),
});
export type ForwardSettings = z.infer<typeof ForwardSettingsSchema>;
