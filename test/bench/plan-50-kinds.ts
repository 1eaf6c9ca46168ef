import type { TrackingPlan } from '../../features/plans/common/plan.ts';

/** The plan benches' tracking plan: 50 kinds of event, each with closed attributes, enums, patterns and a field rule; kindOf(index) is event index's token. */

export const KINDS = 50;

export const kindOf = (index: number) => `kind_${String(index % KINDS).padStart(2, '0')}`;

export function benchPlan(): TrackingPlan {
  const attributes = {
    type: 'object',
    required: ['plan', 'spend', 'country', 'campaign'],
    additionalProperties: false,
    properties: {
      plan: { $ref: '#/$defs/plan' },
      spend: { type: 'string', pattern: '^\\d+(\\.\\d)?$' },
      country: { enum: ['DE', 'FR', 'GB', 'US'] },
      campaign: { type: 'string', pattern: '^spring-\\d+$', maxLength: 32 },
    },
  };
  const fields = { properties: { svc_id: { type: 'integer', minimum: 1000, maximum: 1049 } } };
  const events = Object.fromEntries(Array.from({ length: KINDS }, (_, index) => [kindOf(index), { description: `Kind ${index}`, attributes, fields }]));
  return { name: 'bench', version: '1', events, $defs: { plan: { enum: ['free', 'pro', 'team'] } } };
}
