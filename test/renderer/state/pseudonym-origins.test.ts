import { describe, expect, it } from 'vitest';
import { pseudonymInput } from '../../../shared/events/pseudonym-shapes.ts';
import { forgetOrigins, originsIn, rememberOrigins } from '../../../renderer/state/pseudonym-origins.ts';

/** What a send of a pseudonymized batch notes of the ids it was made from. */

const replacements = new Map([
  [pseudonymInput({ kind: 'device', value: 'dev-1' }), 'd-pseudo'],
  [pseudonymInput({ kind: 'customer', value: 'cust-7781' }), 'cust-pseudo'],
  [pseudonymInput({ kind: 'email', value: 'ann@acme.io' }), 'e@example.com'],
]);

describe('the ids a pseudonymized batch was made from', () => {
  it('are the customer and device ids whose pseudonyms the text still holds, customers first, no email', () => {
    rememberOrigins('b1', replacements);
    expect(originsIn('b1', '[{"customer_id": "cust-pseudo", "device_id":"d-pseudo", "attributes": {"email": "e@example.com"}}]')).toEqual(['cust-7781', 'dev-1']);
    // Undone, or edited away: nothing of it is noted.
    expect(originsIn('b1', '[{"customer_id": "cust-7781", "device_id": "d-pseudo"}]')).toEqual(['dev-1']);
    expect(originsIn('b1', '[{"customer_id": "cust-7781"}]')).toEqual([]);
    expect(originsIn('b2', '[{"customer_id": "cust-pseudo"}]')).toEqual([]);
    forgetOrigins('b1');
    expect(originsIn('b1', '[{"customer_id": "cust-pseudo"}]')).toEqual([]);
  });
});
