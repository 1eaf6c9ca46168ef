import { randomBytes } from 'node:crypto';
import { formatDateTime } from '../../../base/common/datetime.ts';

/** The token response of service-api.md §2.2. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  /** An absolute date-time, despite its name. */
  expires_in: string;
  token_type: 'Bearer';
}

export type TokenCheck = 'valid' | 'unknown' | 'expired';

/** A client that logs in again and again must not grow the store without end. */
const LIVE_TOKEN_LIMIT = 10_000;

const TOKEN_BYTES = 48;

function opaqueToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export interface TokenStoreOptions {
  ttlSeconds: number;
  timeZone: string;
  now: () => Date;
}

/**
 * Issues access tokens and remembers until when each is valid. Refresh tokens are issued as
 * the specification shows them, but it gives no way to use one, so none is kept.
 */
export function createTokenStore(options: TokenStoreOptions) {
  const expiries = new Map<string, number>();

  return {
    issue(): TokenResponse {
      // Whole seconds, so the instant is exactly the one expires_in names.
      const expiresAt = Math.floor(options.now().getTime() / 1000) * 1000 + options.ttlSeconds * 1000;
      const accessToken = opaqueToken();
      if (expiries.size >= LIVE_TOKEN_LIMIT) {
        const oldest = expiries.keys().next();
        if (!oldest.done) expiries.delete(oldest.value);
      }
      expiries.set(accessToken, expiresAt);
      return {
        access_token: accessToken,
        refresh_token: opaqueToken(),
        expires_in: formatDateTime(new Date(expiresAt), options.timeZone),
        token_type: 'Bearer',
      };
    },

    /** Ends every access token issued so far, as if its time were up: a client's renewal can be tried at once. Returns how many were live. */
    expireAll(): number {
      const now = options.now().getTime();
      let live = 0;
      for (const [token, expiresAt] of expiries) {
        if (expiresAt <= now) continue;
        live++;
        expiries.set(token, now);
      }
      return live;
    },

    check(accessToken: string): TokenCheck {
      const expiresAt = expiries.get(accessToken);
      if (expiresAt === undefined) return 'unknown';
      return options.now().getTime() < expiresAt ? 'valid' : 'expired';
    },
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;
