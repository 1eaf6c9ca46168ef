import { eventPlace } from '../../../base/common/event-place.ts';
import { keyPointer, pointerSegment, valueAtKey } from './plan-key.ts';
import { DEFAULT_PLAN_KEY, DEFAULT_SEVERITY, VIOLATION_KINDS, type PlanSeverity, type PlanViolation, type TrackingPlan, type ViolationKind } from './plan.ts';
import { expectedWords, shortJson, type SchemaError } from './schema-words.ts';

/**
 * The events of a batch against a tracking plan: each event's key field (its token, by default)
 * picks its kind, and the kind's validators check its attributes and its other fields. The
 * validators are functions shaped like Ajv's ValidateFunction (compiled in Node by
 * features/plans/node/compile.ts, or ahead of time as standalone code for a worker), so this file
 * imports no Ajv and runs anywhere. Every break is reported (the validators collect all their
 * errors) up to a cap per event and per batch, with a count of the rest.
 */

export type { SchemaError } from './schema-words.ts';

/** A compiled schema: true when the value passes, its errors left in `errors` when not. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: readonly SchemaError[] | null;
}

/** One kind's validators; a part the plan does not give, or whose schema is broken, has none. */
export interface KindValidators {
  readonly attributes?: SchemaValidator;
  /**
   * Checks the whole event, taking any `attributes` (those are the other validator's): the
   * plan's `fields` schema with `attributes` allowed, so no event is copied without them.
   */
  readonly fields?: SchemaValidator;
}

/** Most events have no violation: one empty list for all of them. */
const NONE: readonly Found[] = [];

/** A plan ready to check events with: every kind it names, with its validators. */
export interface CheckablePlan {
  readonly plan: TrackingPlan;
  readonly kinds: ReadonlyMap<string, KindValidators>;
}

export interface PlanCheckLimits {
  /** Violations reported per event; the rest are counted. */
  readonly perEvent: number;
  /** Violations reported per batch; the rest are counted. */
  readonly perBatch: number;
}

export const DEFAULT_PLAN_CHECK_LIMITS: PlanCheckLimits = { perEvent: 20, perBatch: 1000 };

export interface PlanCheck {
  /** In event order, and within an event in the order its validators found them. */
  violations: PlanViolation[];
  /** Violations past the caps, counted but not listed; of them, errors. */
  unreported: number;
  unreportedErrors: number;
}

/** Each kind's severity in this plan: its `severity` over the defaults, `unplanned` over both. */
export function planSeverities(plan: TrackingPlan): Readonly<Record<ViolationKind, PlanSeverity>> {
  const severities = { ...DEFAULT_SEVERITY, ...plan.severity };
  if (plan.unplanned) severities['unplanned-event'] = plan.unplanned;
  return severities;
}

type Found = Omit<PlanViolation, 'severity' | 'index' | 'message'> & { readonly kind: ViolationKind; readonly text: string };

/** The value at `pointer` (a JSON pointer) inside `root`, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let value = root;
  for (const segment of pointer.slice(1).split('/')) {
    if (typeof value !== 'object' || value === null) return undefined;
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * The errors worth a violation each. A failed anyOf/oneOf also reports why each branch failed:
 * those are dropped for the one error saying which alternatives there were. An `if` failing
 * is reported by the `then` or `else` errors beside it.
 */
function reportable(errors: readonly SchemaError[]): SchemaError[] {
  const kept: SchemaError[] = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      const parentPath = `${error.schemaPath.slice(0, error.schemaPath.lastIndexOf('/'))}/`;
      const inside = (earlier: SchemaError) =>
        (earlier.instancePath === error.instancePath || earlier.instancePath.startsWith(`${error.instancePath}/`)) &&
        (earlier.schemaPath.startsWith(`${error.schemaPath}/`) || !earlier.schemaPath.startsWith(parentPath));
      for (let index = kept.length - 1; index >= 0; index--) if (inside(kept[index]!)) kept.splice(index, 1);
    }
    kept.push(error);
  }
  return kept;
}

function attributeKind(keyword: string): ViolationKind {
  if (keyword === 'required' || keyword === 'dependentRequired') return 'attribute-missing';
  if (keyword === 'type') return 'attribute-type';
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties' || keyword === 'false schema') return 'attribute-unknown';
  return 'attribute-value';
}

/** The pointer, from the validated object, of the value an error is about: the property itself for a missing or unexpected one. */
export function errorPointer(error: SchemaError): string {
  const property = error.params.missingProperty ?? error.params.additionalProperty ?? error.params.unevaluatedProperty;
  return typeof property === 'string' ? `${error.instancePath}/${pointerSegment(property)}` : error.instancePath;
}

/** The violations one validator's errors make, found in `part` (`attributes` or the event's other fields) of the event of kind `kindKey`. */
function partViolations(errors: readonly SchemaError[], data: unknown, base: string, part: 'attributes' | 'fields', kindKey: string): Found[] {
  return reportable(errors).map((error) => {
    const at = errorPointer(error);
    const kind = part === 'fields' ? 'field-value' : attributeKind(error.keyword);
    const value = valueAt(data, at);
    const expected = expectedWords(error, value, part === 'fields' ? 'field' : 'attribute');
    const pointer = `${base}${at}`;
    if (kind === 'attribute-missing' || (part === 'fields' && error.keyword === 'required')) {
      return { kind, pointer, expected, text: `missing; "${kindKey}" events require it${expected === 'any value' ? '' : ` (${expected})`}` };
    }
    const actual = shortJson(value);
    if (error.keyword === 'false schema') return { kind, pointer, expected, actual, text: `not allowed in "${kindKey}" events: the plan forbids it` };
    if (kind === 'attribute-unknown') return { kind, pointer, expected, actual, text: `not planned for "${kindKey}" events, which take ${expected}` };
    return { kind, pointer, expected, actual, text: `expected ${expected}, saw ${actual}` };
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the plan finds wrong with the event at `index`, before severities and caps. */
function eventFindings(event: unknown, index: number, plan: CheckablePlan, keyField: string): readonly Found[] {
  // An event that is no object, the batch's own checks report: the plan has nothing to add.
  if (!isPlainObject(event)) return NONE;
  const keyValue = valueAtKey(event, keyField);
  const kindKey = typeof keyValue === 'string' ? keyValue : undefined;
  const kind = kindKey === undefined ? undefined : plan.kinds.get(kindKey);
  if (kind === undefined || kindKey === undefined) {
    const expected = `a ${keyField} naming one of the plan's ${plan.kinds.size} kinds of event`;
    if (keyValue === undefined)
      return [{ kind: 'unplanned-event', pointer: `/${index}`, expected, text: `no ${keyField}, so the plan cannot tell which kind of event this is` }];
    const actual = shortJson(keyValue);
    return [
      {
        kind: 'unplanned-event',
        pointer: `/${index}${keyPointer(keyField)}`,
        expected,
        actual,
        text: `${keyField} ${actual} names no kind of event in the plan`,
      },
    ];
  }
  let found = NONE;
  if (kind.attributes) {
    // No attributes at all is checked as none, so each required one is reported missing.
    const attributes = Object.hasOwn(event, 'attributes') ? event.attributes : {};
    if (!kind.attributes(attributes)) found = partViolations(kind.attributes.errors ?? [], attributes, `/${index}/attributes`, 'attributes', kindKey);
  }
  // The whole event: a `fields` validator takes any attributes (see KindValidators).
  if (kind.fields && !kind.fields(event)) found = [...found, ...partViolations(kind.fields.errors ?? [], event, `/${index}`, 'fields', kindKey)];
  return found;
}

/** One event's violations: those within the per-event cap, in the order found, and a count of the rest. */
export interface EventPlanCheck {
  listed: PlanViolation[];
  unlisted: number;
  unlistedErrors: number;
}

const NO_VIOLATION: EventPlanCheck = { listed: [], unlisted: 0, unlistedErrors: 0 };

/**
 * A check of one event at a time against `plan`, for a caller that keeps each event's result
 * (the editor's worker checks only the events an edit touched). The cap per batch is the
 * caller's: checkEvents lists an event's violations while the batch has room.
 */
export function eventPlanCheck(plan: CheckablePlan, perEvent: number = DEFAULT_PLAN_CHECK_LIMITS.perEvent): (event: unknown, index: number) => EventPlanCheck {
  const severities = planSeverities(plan.plan);
  const keyField = plan.plan.key ?? DEFAULT_PLAN_KEY;
  if (VIOLATION_KINDS.every((kind) => severities[kind] === 'off')) return () => NO_VIOLATION;
  return (event, index) => {
    const findings = eventFindings(event, index, plan, keyField);
    if (findings.length === 0) return NO_VIOLATION;
    const check: EventPlanCheck = { listed: [], unlisted: 0, unlistedErrors: 0 };
    for (const { text, ...found } of findings) {
      const severity = severities[found.kind];
      if (severity === 'off') continue;
      if (check.listed.length >= perEvent) {
        check.unlisted++;
        if (severity === 'error') check.unlistedErrors++;
        continue;
      }
      check.listed.push({ ...found, severity, index, message: `${eventPlace(found.pointer)}: ${text}` });
    }
    return check;
  };
}

/** Adds one event's check to a batch's, listing its violations while the batch has room for them. */
export function addEventCheck(batch: PlanCheck, event: EventPlanCheck, perBatch: number): void {
  for (const violation of event.listed) {
    if (batch.violations.length < perBatch) {
      batch.violations.push(violation);
      continue;
    }
    batch.unreported++;
    if (violation.severity === 'error') batch.unreportedErrors++;
  }
  batch.unreported += event.unlisted;
  batch.unreportedErrors += event.unlistedErrors;
}

/** The events of a batch against a plan, in event order. */
export function checkEvents(events: readonly unknown[], plan: CheckablePlan, limits: PlanCheckLimits = DEFAULT_PLAN_CHECK_LIMITS): PlanCheck {
  const checkEvent = eventPlanCheck(plan, limits.perEvent);
  const check: PlanCheck = { violations: [], unreported: 0, unreportedErrors: 0 };
  for (let index = 0; index < events.length; index++) addEventCheck(check, checkEvent(events[index], index), limits.perBatch);
  return check;
}
