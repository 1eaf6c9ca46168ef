import { DEFAULT_PLAN_KEY, type JsonSchema, type TrackingPlan } from './plan.ts';

/**
 * What the JSON editor learns from the active plan (issue #16): the batch's JSON Schema gains,
 * per kind, the kind's attributes and fields (so Monaco's JSON worker completes attribute names
 * and enum values and shows each description on hover), and the key field's values are offered
 * with each kind's description. Monaco's own validation stays off: the plan's violations come
 * from our checks (shared/plans/check.ts) with positions, not from this schema.
 */

type SchemaObject = { readonly [keyword: string]: unknown };

function asObject(schema: JsonSchema | undefined): SchemaObject | null {
  return typeof schema === 'object' && schema !== null ? schema : null;
}

/** The batch schema (shared/event-schema.ts) with the plan's kinds in it; the schema as it was without a plan. */
export function batchSchemaWithPlan(batch: Record<string, unknown>, plan: TrackingPlan | null): Record<string, unknown> {
  if (!plan) return batch;
  const key = plan.key ?? DEFAULT_PLAN_KEY;
  const kinds = Object.keys(plan.events).sort();
  const items = batch.items as { properties: Record<string, SchemaObject> };
  const keyField = items.properties[key] ?? { type: 'string' };
  const cases = kinds.map((kind) => {
    const planned = plan.events[kind]!;
    const then: Record<string, unknown> = {};
    const attributes = asObject(planned.attributes);
    const fields = asObject(planned.fields);
    const properties: Record<string, unknown> = { ...(asObject(fields?.properties as JsonSchema) ?? {}) };
    if (attributes) properties.attributes = planned.description ? { ...attributes, description: planned.description } : attributes;
    then.properties = properties;
    return { if: { properties: { [key]: { const: kind } }, required: [key] }, then };
  });
  return {
    ...batch,
    items: {
      ...items,
      properties: { ...items.properties, [key]: { ...keyField, enum: kinds, enumDescriptions: kinds.map((kind) => plan.events[kind]!.description ?? '') } },
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

/** The plan's `#/$defs/NAME`, followed; another reference is left as it is. */
function followed(schema: SchemaObject | null, plan: TrackingPlan): SchemaObject | null {
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

/** The attributes a kind requires, in the plan's order, each with its choices: what "New event of kind …" writes. */
export function startingAttributes(plan: TrackingPlan, kind: string): StartingAttribute[] {
  const attributes = asObject(plan.events[kind]?.attributes);
  const required = Array.isArray(attributes?.required) ? (attributes.required as unknown[]).filter((name): name is string => typeof name === 'string') : [];
  const properties = asObject(attributes?.properties as JsonSchema) ?? {};
  return required.map((name) => ({ name, choices: choicesOf(followed(asObject(properties[name] as JsonSchema), plan)) }));
}
