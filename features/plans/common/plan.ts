/**
 * A tracking plan: what each kind of event must carry (issue #16). A team keeps it in git as
 * `*.plan.json`; its own JSON Schema (docs/plan.schema.json) lets editors complete it. Events
 * have no name field: the plan keys them by one of their fields, `token` by default.
 */

/** A JSON Schema (draft 2020-12) as the plan holds it: an object, or `true`/`false`. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** What the plan says of one kind of event. */
export interface PlannedEvent {
  readonly description?: string;
  /** A schema of the event's `attributes` object. */
  readonly attributes?: JsonSchema;
  /** A schema of the event's other fields (e.g. `svc_id` must be 7). */
  readonly fields?: JsonSchema;
}

/** The violations a plan reports, named as the field names them (RudderStack's kinds). */
export const VIOLATION_KINDS = ['unplanned-event', 'attribute-missing', 'attribute-type', 'attribute-unknown', 'attribute-value', 'field-value'] as const;
export type ViolationKind = (typeof VIOLATION_KINDS)[number];

export type PlanSeverity = 'error' | 'warning' | 'off';

export interface TrackingPlan {
  readonly $schema?: string;
  readonly name: string;
  readonly version?: string;
  /** The event field whose value names the kind of event. */
  readonly key?: string;
  /** How an event whose kind the plan does not name is reported. */
  readonly unplanned?: PlanSeverity;
  /** Each kind of violation's severity, raised, lowered or turned off. */
  readonly severity?: Partial<Record<ViolationKind, PlanSeverity>>;
  readonly events: { readonly [key: string]: PlannedEvent };
  readonly $defs?: { readonly [name: string]: JsonSchema };
}

export const DEFAULT_PLAN_KEY = 'token';

/** The severities a plan gives each kind when it says nothing. */
export const DEFAULT_SEVERITY: Readonly<Record<ViolationKind, PlanSeverity>> = {
  'unplanned-event': 'error',
  'attribute-missing': 'error',
  'attribute-type': 'error',
  'attribute-unknown': 'warning',
  'attribute-value': 'error',
  'field-value': 'error',
};

/** One break of the plan by one event. */
export interface PlanViolation {
  readonly kind: ViolationKind;
  readonly severity: Exclude<PlanSeverity, 'off'>;
  /** The event's position in the batch, from 0 (people read it from 1: base/common/event-place.ts). */
  readonly index: number;
  /** The JSON pointer of the value, from the batch's root: `/3/attributes/spend`. */
  readonly pointer: string;
  /** What the plan expects, in words: `one of "EUR", "USD", "GBP"`. */
  readonly expected: string;
  /** The value seen, as short JSON text; absent for a missing attribute. */
  readonly actual?: string;
  readonly message: string;
}
