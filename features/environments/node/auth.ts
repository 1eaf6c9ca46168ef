import { z } from 'zod';
import { parseDateTime } from '../../../base/common/datetime.ts';
import { AppError } from '../../../base/common/errors.ts';
import { redactText } from '../../../base/common/redaction/redact.ts';
import { describeNetworkError } from '../../../base/node/network-errors.ts';
import type { Fetch } from '../../../base/node/ports.ts';

/** What a login yields: service-api.md §2.2, read strictly. */
export interface TokenGrant {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresAt: Date;
  /** `expires_in` exactly as the server wrote it. */
  expiresText: string;
  /** How `expires_in` was read: the specified date-time, or a number of seconds some servers send instead. */
  expiresReadAs: 'date-time' | 'seconds';
}

export interface LoginRequest {
  fetch: Fetch;
  baseUrl: string;
  username: string;
  password: string;
  /** The zone `expires_in` is written in (an IANA name). */
  timeZone: string;
  timeoutMs: number;
  now?: () => Date;
}

const MAX_RAW_CHARS = 4000;
/** A token response is a few hundred bytes; more than this is not one, and is not read. */
const MAX_LOGIN_ANSWER_BYTES = 1024 * 1024;

const TokenResponseSchema = z.object({
  access_token: z.string().min(1, 'access_token is empty'),
  refresh_token: z.string().min(1, 'refresh_token is empty'),
  expires_in: z.union([z.string(), z.number()]),
  token_type: z.string(),
});

export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

export async function login(request: LoginRequest): Promise<TokenGrant> {
  const url = endpoint(request.baseUrl, '/oauth2/login');
  let response: Response;
  try {
    response = await request.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username: request.username, password: request.password }),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw describeNetworkError(error, url, request.timeoutMs);
  }
  let text: string;
  try {
    text = await readBounded(response, MAX_LOGIN_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw describeNetworkError(error, url, request.timeoutMs);
  }
  const raw = (extra: string[] = []) =>
    `HTTP ${response.status} ${response.statusText}\n\n${redactText(text, [request.password, ...extra]).slice(0, MAX_RAW_CHARS)}`;

  if (response.status === 401 || response.status === 403) {
    throw new AppError('wrong-credentials', `The server refused the username or password (HTTP ${response.status}).`, raw());
  }
  if (response.status >= 500) throw new AppError('server-error', `The server failed while logging in (HTTP ${response.status}). Try again shortly.`, raw());
  if (response.status < 200 || response.status >= 300) {
    throw new AppError('login-refused', `The server refused the login request (HTTP ${response.status}).`, raw());
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(
      'login-not-json',
      `The login answer is not JSON (Content-Type: ${response.headers.get('content-type') ?? 'none'}). Is the base URL the API, not a web page?`,
      raw(),
    );
  }
  const tokens =
    typeof json === 'object' && json !== null
      ? [(json as Record<string, unknown>).access_token, (json as Record<string, unknown>).refresh_token].filter((v): v is string => typeof v === 'string')
      : [];
  return parseTokenResponse(json, request.timeZone, request.now?.() ?? new Date(), raw(tokens));
}

async function readBounded(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > limit) {
      await response.body.cancel().catch(() => undefined);
      throw new AppError(
        'login-answer-too-large',
        `The login answer is over ${limit / 1024 / 1024} MB; a token response is a few hundred bytes. Is the base URL right?`,
      );
    }
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads the token response of service-api.md §2.2 strictly; the raw answer rides along in every error. */
export function parseTokenResponse(json: unknown, timeZone: string, now: Date, raw: string): TokenGrant {
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.code === 'invalid_type' && issue.input === undefined ? 'missing' : issue.message}` : issue.message,
    );
    throw new AppError('bad-token-response', `The login answer is not a token response: ${problems.join('; ')}.`, raw);
  }
  const body = parsed.data;
  if (body.token_type.toLowerCase() !== 'bearer') {
    throw new AppError('bad-token-response', `The login answer has token_type "${body.token_type}"; EventDesk only knows Bearer.`, raw);
  }
  const expiry = readExpiry(body.expires_in, timeZone, now);
  if (!expiry) {
    throw new AppError(
      'bad-token-response',
      `expires_in "${String(body.expires_in)}" is neither a date-time YYYY-MM-DD HH:MM:SS nor a number of seconds.`,
      raw,
    );
  }
  return { accessToken: body.access_token, refreshToken: body.refresh_token, tokenType: 'Bearer', expiresText: String(body.expires_in), ...expiry };
}

function readExpiry(value: string | number, timeZone: string, now: Date): Pick<TokenGrant, 'expiresAt' | 'expiresReadAs'> | null {
  const seconds = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return { expiresAt: new Date(now.getTime() + seconds * 1000), expiresReadAs: 'seconds' };
  if (typeof value !== 'string') return null;
  const parsed = parseDateTime(value.trim(), timeZone);
  return parsed.ok ? { expiresAt: parsed.value, expiresReadAs: 'date-time' } : null;
}
