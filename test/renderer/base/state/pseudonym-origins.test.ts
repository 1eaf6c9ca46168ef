import { describe, expect, it } from 'vitest';
import { pseudonymInput } from '../../../../features/transforms/common/pseudonym-shapes.ts';
import {
  forgetOrigins,
  onOriginsRemembered,
  originsIn,
  originsToKeep,
  rememberOrigins,
  restoreOrigins,
} from '../../../../renderer/base/state/pseudonym-origins.ts';

/** What a send of a pseudonymized batch notes of the ids it was made from. */

const replacements = new Map([
  [pseudonymInput({ kind: 'device', value: 'dev-1' }), 'd-pseudo'],
  [pseudonymInput({ kind: 'customer', value: 'cust-7781' }), 'cust-pseudo'],
  [pseudonymInput({ kind: 'email', value: 'ann@acme.io' }), 'e@example.com'],
]);

describe('the ids a pseudonymized batch was made from', () => {
  it('are the customer and device ids whose pseudonyms the text still holds, customers first, no email', () => {
    rememberOrigins('b1', replacements);
    expect(originsIn('b1', '[{"customer_id": "cust-pseudo", "device_id":"d-pseudo", "attributes": {"email": "e@example.com"}}]')).toEqual([
      'cust-7781',
      'dev-1',
    ]);
    // Undone, or edited away: nothing of it is noted.
    expect(originsIn('b1', '[{"customer_id": "cust-7781", "device_id": "d-pseudo"}]')).toEqual(['dev-1']);
    expect(originsIn('b1', '[{"customer_id": "cust-7781"}]')).toEqual([]);
    expect(originsIn('b2', '[{"customer_id": "cust-pseudo"}]')).toEqual([]);
    forgetOrigins('b1');
    expect(originsIn('b1', '[{"customer_id": "cust-pseudo"}]')).toEqual([]);
  });
});

describe('the origins a batch’s draft keeps', () => {
  it('are its customers then its devices, bounded like the send’s note, and tell the autosave when a pseudonymize adds to them', () => {
    const heard: string[] = [];
    const stop = onOriginsRemembered((batchId) => heard.push(batchId));
    rememberOrigins('b3', replacements);
    rememberOrigins('b3', replacements);
    stop();
    rememberOrigins('b3', new Map([[pseudonymInput({ kind: 'customer', value: 'cust-2' }), 'cust-p2']]));
    expect(heard).toEqual(['b3']);
    expect(originsToKeep('b3')).toEqual([
      { pseudonym: 'cust-pseudo', kind: 'customer', original: 'cust-7781' },
      { pseudonym: 'cust-p2', kind: 'customer', original: 'cust-2' },
      { pseudonym: 'd-pseudo', kind: 'device', original: 'dev-1' },
    ]);
    const many = new Map(Array.from({ length: 1200 }, (_, n) => [pseudonymInput({ kind: 'customer', value: `${'c'.repeat(300)}${n}` }), `p-${n}`]));
    many.set(pseudonymInput({ kind: 'customer', value: '7'.repeat(300) }), '1'.repeat(300));
    rememberOrigins('b4', many);
    const kept = originsToKeep('b4');
    expect(kept).toHaveLength(1000);
    expect(kept.every((origin) => origin.original.length === 256 && origin.pseudonym.length <= 256)).toBe(true);
  });

  it('come back from a reopened draft, so a send after a restart notes them', () => {
    restoreOrigins('b5', [{ pseudonym: 'cust-pseudo', kind: 'customer', original: 'cust-7781' }]);
    expect(originsIn('b5', '[{"customer_id": "cust-pseudo"}]')).toEqual(['cust-7781']);
  });
});
