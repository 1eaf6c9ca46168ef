import type { PersonalKind } from './personal-data.ts';

/**
 * What a replacement looks like, from the bytes of a keyed digest of the original (the key
 * stays in the main process: features/transforms/node/pseudonyms.ts). Each keeps the shape of its
 * kind, so the batch still passes validation and reads as what it is, and each is made of
 * values set aside for examples, so it can never be somebody's real address or number.
 * Emails, device ids, IPv6 addresses and customer ids take 48 bits or more of the digest; phone
 * numbers and IPv4 addresses only have the few reserved ones (14 000 and 762) to choose from.
 */

export interface PersonalValue {
  kind: PersonalKind;
  value: string;
}

/** The text the digest is taken of: the kind keeps a customer "42" and a value "42" apart. */
export function pseudonymInput(personal: PersonalValue): string {
  return `${personal.kind}:${personal.value}`;
}

const HEX_PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex(digest: Uint8Array, from: number, bytes: number): string {
  let text = '';
  for (let index = from; index < from + bytes; index++) text += HEX_PAIRS[digest[index]!];
  return text;
}

/** A number from 0 to `range` - 1 out of the digest's bytes at `from` (six bytes: below 2^48). */
function numberFrom(digest: Uint8Array, from: number, range: number): number {
  let value = 0;
  for (let index = from; index < from + 6; index++) value = value * 256 + digest[index]!;
  return value % range;
}

function digits(digest: Uint8Array, count: number): string {
  let text = String(1 + numberFrom(digest, 0, 9));
  for (let index = 1; index < count; index++) text += String(digest[index % digest.length]! % 10);
  return text;
}

const PHONE_PREFIXES = [
  '+44 113 496 0',
  '+44 114 496 0',
  '+44 115 496 0',
  '+44 116 496 0',
  '+44 117 496 0',
  '+44 118 496 0',
  '+44 121 496 0',
  '+44 131 496 0',
  '+44 141 496 0',
  '+44 151 496 0',
  '+44 161 496 0',
  '+44 20 7946 0',
  '+44 1632 960',
  '+44 7700 900',
];
const IPV4_NETWORKS = ['192.0.2.', '198.51.100.', '203.0.113.'];

function uuidFrom(digest: Uint8Array): string {
  const text = hex(digest, 0, 16);
  // Version 4, variant 10xx: the shape validation expects of a device_id.
  const variant = ((parseInt(text[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-4${text.slice(13, 16)}-${variant}${text.slice(17, 20)}-${text.slice(20, 32)}`;
}

/** The replacement for `personal`, from a digest of at least 32 bytes (HMAC-SHA256). */
export function pseudonymFrom(personal: PersonalValue, digest: Uint8Array): string {
  if (digest.length < 32) throw new RangeError('A pseudonym needs a digest of 32 bytes.');
  const allDigits = /^\d+$/.test(personal.value);
  switch (personal.kind) {
    case 'customer':
      return allDigits ? digits(digest, Math.max(12, personal.value.length)) : `cust-${hex(digest, 0, 6)}`;
    case 'device':
      return uuidFrom(digest);
    case 'email':
      return `user-${hex(digest, 0, 6)}@example.invalid`;
    case 'phone': {
      const number = numberFrom(digest, 0, PHONE_PREFIXES.length * 1000);
      return `${PHONE_PREFIXES[Math.floor(number / 1000)]}${String(number % 1000).padStart(3, '0')}`;
    }
    case 'ip':
      if (personal.value.includes(':')) return `2001:db8:${[0, 2, 4, 6, 8, 10].map((at) => parseInt(hex(digest, at, 2), 16).toString(16)).join(':')}`;
      return `${IPV4_NETWORKS[digest[0]! % 3]}${1 + numberFrom(digest, 1, 254)}`;
    case 'value':
      return allDigits ? digits(digest, Math.max(12, personal.value.length)) : `anon-${hex(digest, 0, 6)}`;
  }
}
