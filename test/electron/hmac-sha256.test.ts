import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from '../../electron/services/hmac-sha256.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('hmacSha256', () => {
  it('is HMAC-SHA256, message after message under one key', () => {
    const key = Uint8Array.from({ length: 32 }, (_, index) => index * 7);
    const hmac = hmacSha256(key);
    // Around the block's edges: 55 bytes and fewer pad into one block, 56 to 63 into two.
    const messages = ['', 'customer:cust-7781', 'email:ada@lovelace.org', 'value:Ada Lovelace'.repeat(20), 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'x'.repeat(119), 'ü€😀', '\ud800 lone'];
    for (const message of messages) expect(hex(hmac(message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
  });

  it('answers as node:crypto does for any key of up to a block and any text, one message after another', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.array(fc.string({ unit: 'binary', maxLength: 200 }), { minLength: 1, maxLength: 8 }), (key, messages) => {
        const hmac = hmacSha256(key);
        for (const message of messages) expect(hex(hmac(message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }),
    );
  });

  it('refuses a key longer than a block', () => {
    expect(() => hmacSha256(new Uint8Array(65))).toThrow(RangeError);
  });
});
