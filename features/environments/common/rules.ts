/**
 * What validation holds a batch to. The specification leaves open which fields are required,
 * what attribute values may be and which time zone date-times are in (docs/service-api.md §5),
 * so each of those gaps is a rule here with a default a user can change: a warning by default,
 * raised to an error or switched off per code.
 */

export type Severity = 'error' | 'warning';
export type RuleSeverity = Severity | 'off';

/**
 * The specification's name for the service-id field, which stands for the real one (the
 * service's brand followed by _id; service-api.md §2.3), and the setting's default.
 */
export const SERVICE_ID_FIELD = 'svc_id';

/** The fields service-api.md §2.3 names, in its order; `svc_id` stands for the service-id field, whatever the environment calls it. */
export const SPEC_FIELDS = ['token', 'attributes', 'created_at', SERVICE_ID_FIELD, 'device_id', 'customer_id'] as const;
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

/** Each rule as the environment editor names it. */
export const RULE_TITLES: Record<WarningCode, string> = {
  'missing-token': 'No token',
  'missing-attributes': 'No attributes',
  'missing-created-at': 'No created_at',
  'missing-service-id': 'No service-id field',
  'missing-device-id': 'No device_id',
  'missing-customer-id': 'No customer_id',
  'unknown-field': 'A field the specification does not name',
  'attribute-not-string': 'An attribute value that is not a string',
  'device-id-not-uuid': 'A device_id that is not UUID-shaped',
  'created-at-future': 'A created_at in the future',
  'created-at-old': 'A very old created_at',
  'duplicate-key': 'A key written twice in one object',
  'duplicate-event': 'The same event twice in a batch',
};

export interface ValidationRules {
  /** The real name of the service-id field (docs/service-api.md writes it svc_id). */
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
  serviceIdField: SERVICE_ID_FIELD,
  timeZone: 'UTC',
  now: new Date(),
  futureToleranceMinutes: 5,
  maxAgeDays: 365,
  severity: Object.fromEntries(WARNING_CODES.map((code) => [code, 'warning'])) as Record<WarningCode, RuleSeverity>,
};

/** An environment's rules, measured from this moment: the defaults with the severities it changed. */
export function rulesFor(environment: {
  serviceIdField: string;
  timeZone: string;
  ruleSeverity?: Partial<Record<WarningCode, RuleSeverity>>;
}): ValidationRules {
  return {
    ...DEFAULT_RULES,
    serviceIdField: environment.serviceIdField,
    timeZone: environment.timeZone,
    now: new Date(),
    severity: { ...DEFAULT_RULES.severity, ...environment.ruleSeverity },
  };
}
