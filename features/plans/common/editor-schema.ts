import { DEFAULT_PLAN_KEY, type JsonSchema, type TrackingPlan } from './plan.ts';
import { valueAtKey } from './plan-key.ts';

/**
 * What the JSON editor learns from the active plan (issue #16): the batch's JSON Schema gains,
 * per kind, the kind's attributes and fields (so Monaco's JSON worker completes attribute names
 * and enum values and shows each description on hover), and the key field's values are offered
 * with each kind's description. Monaco's own validation stays off: the plan's violations come
 * from our checks (features/plans/common/check.ts) with positions, not from this schema.
 */

type SchemaObject = { readonly [keyword: string]: unknown };

export function asObject(schema: JsonSchema | undefined): SchemaObject | null {
  return typeof schema === 'object' && schema !== null ? schema : null;
}

/** A schema an event passes when the value at the key's path (its segments) passes `value`. */
function keyCondition([field, ...rest]: readonly string[], value: SchemaObject): SchemaObject {
  return { properties: { [field!]: rest.length === 0 ? value : keyCondition(rest, value) }, required: [field] };
}

/** `properties` with the field at the key's path (its segments) offering the plan's kinds, the rest of each schema on the way kept. */
function withKeyValues(properties: SchemaObject, [field, ...rest]: readonly string[], values: SchemaObject): SchemaObject {
  const current = asObject(properties[field!] as JsonSchema) ?? { type: rest.length === 0 ? 'string' : 'object' };
  const inner = rest.length === 0 ? values : { properties: withKeyValues(asObject(current.properties as JsonSchema) ?? {}, rest, values) };
  return { ...properties, [field!]: { ...current, ...inner } };
}

/** The batch schema (features/validation/common/event-schema.ts) with the plan's kinds in it; the schema as it was without a plan. */
export function batchSchemaWithPlan(batch: Record<string, unknown>, plan: TrackingPlan | null): Record<string, unknown> {
  if (!plan) return batch;
  const key = (plan.key ?? DEFAULT_PLAN_KEY).split('.');
  const kinds = Object.keys(plan.events).sort();
  const items = batch.items as { properties: Record<string, SchemaObject> };
  const keyValues = { enum: kinds, enumDescriptions: kinds.map((kind) => plan.events[kind]!.description ?? '') };
  const cases = kinds.map((kind) => {
    const planned = plan.events[kind]!;
    const then: Record<string, unknown> = {};
    const attributes = asObject(planned.attributes);
    const fields = asObject(planned.fields);
    const properties: Record<string, unknown> = { ...(asObject(fields?.properties as JsonSchema) ?? {}) };
    if (attributes) properties.attributes = planned.description ? { ...attributes, description: planned.description } : attributes;
    then.properties = properties;
    return { if: keyCondition(key, { const: kind }), then };
  });
  return {
    ...batch,
    items: {
      ...items,
      properties: withKeyValues(items.properties, key, keyValues),
      allOf: cases,
    },
    ...(plan.$defs ? { $defs: plan.$defs } : {}),
  };
}

/** One attribute a new event of a kind starts with: its name, and the values to choose from when the plan lists them. */
export interface StartingAttribute {
  readonly name: string;
  readonly choices: readonly string[] | null;
}

/** What the plan says of one attribute of a kind: what the Form view shows beside it. */
export interface AttributeGuide extends StartingAttribute {
  readonly required: boolean;
  readonly description: string | null;
}

/** An event's kind as the plan describes it. */
export interface KindGuide {
  readonly kind: string;
  readonly description: string | null;
  /** The kind's planned attributes, in the plan's order. */
  readonly attributes: readonly AttributeGuide[];
}

/** The plan's `#/$defs/NAME`, followed; another reference is left as it is. */
export function followed(schema: SchemaObject | null, plan: TrackingPlan): SchemaObject | null {
  const ref = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return schema;
  return asObject(plan.$defs?.[ref.slice('#/$defs/'.length)]);
}

/** The values a schema allows when it lists them (enum of texts, or a text const); null otherwise. */
function choicesOf(schema: SchemaObject | null): string[] | null {
  if (!schema) return null;
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((value) => typeof value === 'string')) return schema.enum as string[];
  return null;
}

/** What the plan says of `kind`, or null when it names no such kind. */
export function guideOf(plan: TrackingPlan, kind: string): KindGuide | null {
  if (!Object.hasOwn(plan.events, kind)) return null;
  const planned = plan.events[kind]!;
  const attributes = asObject(planned.attributes);
  const required = new Set(
    Array.isArray(attributes?.required) ? (attributes.required as unknown[]).filter((name): name is string => typeof name === 'string') : [],
  );
  const properties = asObject(attributes?.properties as JsonSchema) ?? {};
  const names = [...Object.keys(properties), ...[...required].filter((name) => !Object.hasOwn(properties, name))];
  return {
    kind,
    description: planned.description ?? null,
    attributes: names.map((name) => {
      const schema = followed(asObject(properties[name] as JsonSchema), plan);
      return {
        name,
        required: required.has(name),
        choices: choicesOf(schema),
        description: typeof schema?.description === 'string' ? schema.description : null,
      };
    }),
  };
}

/** The kind of an event as the plan keys it, and what the plan says of it; null for an event of no planned kind. */
export function eventGuide(plan: TrackingPlan, event: Readonly<Record<string, unknown>>): KindGuide | null {
  const kind = valueAtKey(event, plan.key ?? DEFAULT_PLAN_KEY);
  return typeof kind === 'string' ? guideOf(plan, kind) : null;
}

/** The attributes a kind requires, in the order the plan lists them, each with its choices: what "New event of kind …" writes. */
export function startingAttributes(plan: TrackingPlan, kind: string): StartingAttribute[] {
  const attributes = asObject(plan.events[kind]?.attributes);
  const order = Array.isArray(attributes?.required) ? (attributes.required as unknown[]).filter((name): name is string => typeof name === 'string') : [];
  const guide = guideOf(plan, kind);
  return order.map((name) => ({ name, choices: guide?.attributes.find((attribute) => attribute.name === name)?.choices ?? null }));
}
