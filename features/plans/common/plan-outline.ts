import { asObject, followed, guideOf } from './editor-schema.ts';
import { DEFAULT_PLAN_KEY, type JsonSchema, type TrackingPlan } from './plan.ts';
import { schemaWords } from './schema-words.ts';

/**
 * A plan's text as the draft dialog reviews it: each kind with its attributes, whether each is
 * required, and what it expects in words ("one of "EUR", "USD"", "a string in the date-time
 * format"), read again as the user edits the text. Pure, for the renderer.
 */

export interface AttributeOutline {
  readonly name: string;
  readonly required: boolean;
  readonly expects: string;
}

export interface KindOutline {
  readonly key: string;
  readonly description: string | null;
  readonly attributes: readonly AttributeOutline[];
  /** An attribute the kind does not list is reported (additionalProperties or unevaluatedProperties false). */
  readonly closed: boolean;
}

export type PlanOutline = { ok: true; name: string; key: string; kinds: readonly KindOutline[] } | { ok: false; reason: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function outlinePlan(text: string): PlanOutline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'The text is not JSON as it stands.' };
  }
  if (!isObject(value) || !isObject(value.events)) return { ok: false, reason: 'The text has no "events" object, so it is no plan.' };
  const plan = value as unknown as TrackingPlan;
  const kinds = Object.keys(plan.events).map((key): KindOutline => {
    // A kind being typed may not be an object yet: it has nothing to show.
    const planned: unknown = plan.events[key];
    if (!isObject(planned)) return { key, description: null, attributes: [], closed: false };
    const guide = guideOf(plan, key)!;
    const attributes = asObject(planned.attributes as JsonSchema);
    const properties = asObject(attributes?.properties as JsonSchema) ?? {};
    return {
      key,
      description: guide.description,
      closed: attributes?.additionalProperties === false || attributes?.unevaluatedProperties === false,
      attributes: guide.attributes.map((attribute) => ({
        name: attribute.name,
        required: attribute.required,
        expects: schemaWords(followed(asObject(properties[attribute.name] as JsonSchema), plan) ?? properties[attribute.name] ?? true),
      })),
    };
  });
  return { ok: true, name: typeof plan.name === 'string' ? plan.name : '', key: typeof plan.key === 'string' ? plan.key : DEFAULT_PLAN_KEY, kinds };
}
