/**
 * What validation holds a batch to. SERVICE.md leaves open which fields are required, what
 * attribute values may be and which time zone date-times are in, so each of those gaps is a
 * rule here with a default a user can change: a warning by default, raised to an error or
 * switched off per code.
 */

export type Severity = 'error' | 'warning';
export type RuleSeverity = Severity | 'off';

/** The fields SERVICE.md 2.3 names, in its order; `svc_id` stands for the service-id field, whatever the environment calls it. */
export const SPEC_FIELDS = ['token', 'attributes', 'created_at', 'svc_id', 'device_id', 'customer_id'] as const;
export type SpecField = (typeof SPEC_FIELDS)[number];

/** The missing-field code of each field, so each can be made required or optional on its own. */
export const MISSING_FIELD_CODES = {
  token: 'missing-token',
  attributes: 'missing-attributes',
  created_at: 'missing-created-at',
  svc_id: 'missing-service-id',
  device_id: 'missing-device-id',
  customer_id: 'missing-customer-id',
} as const satisfies Record<SpecField, string>;

export const WARNING_CODES = [
  ...Object.values(MISSING_FIELD_CODES),
  'unknown-field',
  'attribute-not-string',
  'device-id-not-uuid',
  'created-at-future',
  'created-at-old',
  'duplicate-key',
  'duplicate-event',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface ValidationRules {
  /** The real name of the service-id field (SERVICE.md writes it svc_id). */
  serviceIdField: string;
  /** The IANA zone created_at is read in, for the "future" and "very old" checks (`local` is this machine's). */
  timeZone: string;
  /** The moment "future" and "old" are measured from. */
  now: Date;
  /** A created_at this far ahead of now is still not "in the future": clocks drift. */
  futureToleranceMinutes: number;
  /** A created_at older than this many days is "very old". */
  maxAgeDays: number;
  severity: Record<WarningCode, RuleSeverity>;
}

export const DEFAULT_RULES: ValidationRules = {
  serviceIdField: 'svc_id',
  timeZone: 'UTC',
  now: new Date(),
  futureToleranceMinutes: 5,
  maxAgeDays: 365,
  severity: Object.fromEntries(WARNING_CODES.map((code) => [code, 'warning'])) as Record<WarningCode, RuleSeverity>,
};

/** The default rules for an environment, measured from this moment. */
export function rulesFor(environment: { serviceIdField: string; timeZone: string }): ValidationRules {
  return { ...DEFAULT_RULES, serviceIdField: environment.serviceIdField, timeZone: environment.timeZone, now: new Date(), severity: { ...DEFAULT_RULES.severity } };
}
