/**
 * Finding personal data inside free text: email addresses, phone numbers, IPv4 and IPv6
 * addresses, wherever they occur in a value. Values already in the ranges set aside for
 * examples (example.invalid, the documentation address blocks, Ofcom's drama numbers) are
 * nobody's, which is also why pseudonymizing twice leaves the first run's replacements alone.
 */

export const PERSONAL_KINDS = ['customer', 'device', 'email', 'phone', 'ip', 'value'] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];

export interface PersonalSpan {
  start: number;
  end: number;
  kind: 'email' | 'phone' | 'ip';
  value: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** International (+ and 8 to 15 digits), US style 555-123-4567 or (555) 123-4567, or national with a leading 0. */
const PHONE = /\+\d(?:[ ./-]?\(?\d+\)?){2,7}|\(\d{3}\) ?\d{3}[ .-]\d{4}|\b\d{3}[ .-]\d{3}[ .-]\d{4}\b|\b0[1-9]\d{1,3}[ /-]?\d{5,8}\b/g;
const IPV4 = /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d.]*\d)/g;
/** Candidates only: hex groups and colons, checked by isIpv6. */
const IPV6 = /(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])/g;

const MAYBE_IPV4 = /\d\.\d+\.\d+\.\d/;
const MAYBE_IPV6 = /:[0-9A-Fa-f]{0,4}:/;
/** Seven digits, at most three other characters between any two: every phone number PHONE finds has them. */
const MAYBE_PHONE = /\d(?:\D{0,3}\d){6}/;

function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? groups.length >= 1 && groups.length <= 7 : groups.length === 8;
}

function digitCount(text: string): number {
  let count = 0;
  for (const char of text) if (char >= '0' && char <= '9') count++;
  return count;
}

/** Ofcom's numbers for drama: 0113..0161 496 0xxx, 020 7946 0xxx, 01632 960xxx, 07700 900xxx. */
const DRAMA_NUMBERS = /^(?:(?:44|0)(?:1[2-6]1|11[3-8])4960\d{3}|(?:44|0)2079460\d{3}|(?:44|0)1632960\d{3}|(?:44|0)7700900\d{3})$/;

export function isReservedPhone(phone: string): boolean {
  return DRAMA_NUMBERS.test(phone.replace(/\D/g, ''));
}

/** TEST-NET-1, -2, -3 (RFC 5737) and 2001:db8::/32 (RFC 3849). */
export function isDocumentationAddress(ip: string): boolean {
  if (ip.includes(':')) return /^2001:0*db8(?::|$)/i.test(ip);
  return ip.startsWith('192.0.2.') || ip.startsWith('198.51.100.') || ip.startsWith('203.0.113.');
}

export function isExampleEmail(email: string): boolean {
  return /@example\.(?:invalid|com|org|net)$/i.test(email);
}

interface Found extends PersonalSpan {
  /** Reserved for examples: kept, but it still takes its place, so nothing inside it is found. */
  reserved: boolean;
}

function matches(text: string, pattern: RegExp, kind: PersonalSpan['kind'], shaped: (value: string) => boolean, reserved: (value: string) => boolean): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(pattern)) {
    const value = match[0];
    if (shaped(value)) found.push({ start: match.index, end: match.index + value.length, kind, value, reserved: reserved(value) });
  }
  return found;
}

const always = () => true;

/**
 * The personal data in a text, in order and without overlaps (where two kinds overlap, the
 * earlier, then the longer, wins: a phone number inside an email address is the email's).
 * Values reserved for examples are left out.
 */
export function personalSpans(text: string): PersonalSpan[] {
  // What each kind cannot do without, checked first: most values (plans, amounts, names) have none of it.
  const email = text.includes('@');
  const ipv4 = MAYBE_IPV4.test(text);
  const ipv6 = MAYBE_IPV6.test(text);
  const phone = MAYBE_PHONE.test(text);
  if (!email && !ipv4 && !ipv6 && !phone) return [];
  const found = [
    ...(email ? matches(text, EMAIL, 'email', always, isExampleEmail) : []),
    ...(ipv4 ? matches(text, IPV4, 'ip', always, isDocumentationAddress) : []),
    ...(ipv6 ? matches(text, IPV6, 'ip', isIpv6, isDocumentationAddress) : []),
    ...(phone ? matches(text, PHONE, 'phone', (candidate) => digitCount(candidate) >= 7 && digitCount(candidate) <= 15, isReservedPhone) : []),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const spans: PersonalSpan[] = [];
  let reached = 0;
  for (const span of found) {
    if (span.start < reached) continue;
    reached = span.end;
    if (!span.reserved) spans.push({ start: span.start, end: span.end, kind: span.kind, value: span.value });
  }
  return spans;
}
