import { AppError } from '../common/errors.ts';

/**
 * Explains in words why a request never got an answer. Node's fetch reports an error code on
 * `cause`; Electron's net.fetch reports Chromium's `net::ERR_*` in the message. Both map here.
 */

const tlsExplanations: [RegExp, string][] = [
  [
    /SELF_SIGNED|ERR_CERT_AUTHORITY_INVALID|UNABLE_TO_VERIFY_LEAF|UNABLE_TO_GET_ISSUER|UNKNOWN_ISSUER/,
    'its certificate is not signed by an authority this computer trusts (self-signed, or a company proxy certificate that is not installed)',
  ],
  [/CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_CERT_DATE_INVALID/, 'its certificate has expired or is not valid yet'],
  [/ALTNAME|HOSTNAME_MISMATCH|ERR_CERT_COMMON_NAME_INVALID/, 'its certificate was issued for a different host name'],
  [/ERR_SSL|ERR_CERT|EPROTO|SSL|TLS|CERT/, 'the secure connection could not be set up'],
];

function codesOf(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const value = current as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
    for (const part of [value.code, value.name, value.message]) if (typeof part === 'string') parts.push(part);
    current = value.cause;
  }
  return parts.join(' ');
}

export function describeNetworkError(error: unknown, url: string, timeoutMs: number): AppError {
  const codes = codesOf(error);
  const host = safeHost(url);
  const detail = `${codes}`.slice(0, 2000);
  if (/TimeoutError|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|ERR_TIMED_OUT|UND_ERR_HEADERS_TIMEOUT/.test(codes)) {
    return new AppError('timeout', `${host} did not answer within ${Math.round(timeoutMs / 1000)} s.`, detail);
  }
  // OpenSSL reading a plain-HTTP answer as a TLS record: the scheme is wrong, not the server's trust.
  if (url.startsWith('https:') && /WRONG_VERSION_NUMBER|wrong version number|PACKET_LENGTH_TOO_LONG|packet length too long/i.test(codes)) {
    return new AppError('tls', `${host} answered in plain HTTP, not HTTPS: the base URL likely should start with http://, not https://.`, detail);
  }
  for (const [pattern, explanation] of tlsExplanations) {
    if (pattern.test(codes)) return new AppError('tls', `EventDesk did not trust ${host}: ${explanation}.`, detail);
  }
  if (/ENOTFOUND|EAI_AGAIN|ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/.test(codes)) {
    return new AppError('unreachable', `The host name ${host} could not be found (DNS). Check the base URL and your network.`, detail);
  }
  if (/ECONNREFUSED|ERR_CONNECTION_REFUSED/.test(codes)) {
    return new AppError('unreachable', `Nothing is listening at ${host}: the connection was refused. Is the service running, and is the port right?`, detail);
  }
  if (/ECONNRESET|UND_ERR_SOCKET|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|other side closed/.test(codes)) {
    return new AppError('connection-reset', `${host} closed the connection before answering.`, detail);
  }
  if (/ENETUNREACH|EHOSTUNREACH|ERR_INTERNET_DISCONNECTED|ERR_ADDRESS_UNREACHABLE|ERR_NETWORK_CHANGED/.test(codes)) {
    return new AppError('unreachable', `${host} cannot be reached from this computer's network.`, detail);
  }
  return new AppError('network', `The request to ${host} failed before any answer came back.`, detail);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the server';
  }
}
