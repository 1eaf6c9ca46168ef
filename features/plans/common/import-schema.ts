import type { JsonSchema } from './plan.ts';

/**
 * Turns the JSON Schemas that tracking-plan exports carry (draft-04 in old Segment plans,
 * draft-06 in Avo's, draft-07 in Segment's and RudderStack's) into the draft 2020-12 a plan
 * holds: `definitions` become `$defs`, a tuple `items` becomes `prefixItems`, `dependencies`
 * splits into `dependentRequired` and `dependentSchemas`, draft-04's boolean
 * `exclusiveMaximum` becomes the number form. Keywords that are no JSON Schema (Avo's `id` and
 * `nameMapping`, Segment's `labels`) are left out, so a strict validator compiles what is left.
 */

type SchemaObject = { readonly [keyword: string]: unknown };

/** Keywords whose value is one schema. */
const ONE_SCHEMA = new Set(['not', 'if', 'then', 'else', 'additionalProperties', 'propertyNames', 'contains', 'unevaluatedItems', 'unevaluatedProperties']);
/** Keywords whose value is an object of schemas (by property name, pattern or definition name). */
const SCHEMA_BY_NAME = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value is data, kept as it is. */
const DATA = new Set([
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'format',
  'contentEncoding',
  'contentMediaType',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  '$comment',
]);
/** Keywords that name the document rather than constrain a value: meaningless once inside a plan. */
const DOCUMENT = new Set(['$schema', '$id', 'id']);

/** What adapting found that it could not carry over, in words, and the keywords it left out. */
export interface Adaptation {
  readonly problems: string[];
  readonly dropped: Set<string>;
}

/** How a `$ref` to one of the source document's definitions is written in the plan. */
export type DefinitionRef = (name: string) => string | undefined;

export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

export function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The definitions a source document keeps at its root, under either name. */
export function rootDefinitions(schema: unknown): [string, unknown][] {
  if (!isObject(schema)) return [];
  return [...Object.entries(isObject(schema.definitions) ? schema.definitions : {}), ...Object.entries(isObject(schema.$defs) ? schema.$defs : {})];
}

/** JSON Pointer's escaping of one reference token (RFC 6901). */
export function pointerToken(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

function unescapeToken(token: string): string | undefined {
  try {
    return decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
  } catch {
    return undefined;
  }
}

function adaptRef(ref: unknown, where: string, definitionRef: DefinitionRef, adaptation: Adaptation): string | undefined {
  if (typeof ref !== 'string') {
    adaptation.problems.push(`${where}: $ref is not a text.`);
    return undefined;
  }
  const name = unescapeToken(/^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(ref)?.[1] ?? '');
  const target = name ? definitionRef(name) : undefined;
  if (target === undefined)
    adaptation.problems.push(`${where}: $ref "${ref}" points to no definition at the root of its document, so it cannot be followed from the plan.`);
  return target;
}

/**
 * One schema adapted to 2020-12. `where` names it in messages (`event "Order Completed",
 * property "total"`); `definitionRef` maps the source's definition names to the plan's `$ref`s.
 */
export function adaptSchema(schema: unknown, where: string, definitionRef: DefinitionRef, adaptation: Adaptation): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) {
    adaptation.problems.push(`${where}: a schema must be an object or true/false.`);
    return true;
  }
  const adapted: Record<string, unknown> = {};
  const tuple = Array.isArray(schema.items);
  for (const [keyword, value] of Object.entries(schema)) {
    const inside = `${where}, ${keyword}`;
    if (keyword === '$ref') {
      const ref = adaptRef(value, where, definitionRef, adaptation);
      if (ref !== undefined) adapted.$ref = ref;
    } else if (keyword === 'items') {
      if (tuple) adapted.prefixItems = (value as unknown[]).map((item, index) => adaptSchema(item, `${inside}[${index}]`, definitionRef, adaptation));
      else adapted.items = adaptSchema(value, inside, definitionRef, adaptation);
    } else if (keyword === 'additionalItems') {
      // Draft-07 ignores additionalItems unless items is a tuple; 2020-12 calls it items.
      if (tuple) adapted.items = adaptSchema(value, inside, definitionRef, adaptation);
    } else if (keyword === 'dependencies' && isObject(value)) {
      // Built with fromEntries: a property named __proto__ stays a property.
      const entries = Object.entries(value);
      const required = entries.filter(([, dependency]) => Array.isArray(dependency));
      const schemas = entries.filter(([, dependency]) => !Array.isArray(dependency));
      if (required.length > 0) adapted.dependentRequired = Object.fromEntries(required);
      if (schemas.length > 0)
        adapted.dependentSchemas = Object.fromEntries(
          schemas.map(([property, dependency]) => [property, adaptSchema(dependency, `${inside} "${property}"`, definitionRef, adaptation)]),
        );
    } else if ((keyword === 'exclusiveMaximum' || keyword === 'exclusiveMinimum') && typeof value === 'boolean') {
      const bound = keyword === 'exclusiveMaximum' ? 'maximum' : 'minimum';
      if (value && typeof schema[bound] === 'number') adapted[keyword] = schema[bound];
    } else if (keyword === 'exclusiveMaximum' || keyword === 'exclusiveMinimum') {
      adapted[keyword] = value;
    } else if (ONE_SCHEMA.has(keyword)) {
      adapted[keyword] = adaptSchema(value, inside, definitionRef, adaptation);
    } else if (SCHEMA_BY_NAME.has(keyword)) {
      // Nested definitions stay where they are; only the root's move to the plan's $defs.
      const name = keyword === 'definitions' ? '$defs' : keyword;
      if (isObject(value))
        adapted[name] = Object.fromEntries(
          Object.entries(value).map(([key, child]) => [key, adaptSchema(child, `${inside} "${key}"`, definitionRef, adaptation)]),
        );
      else adaptation.problems.push(`${inside}: must be an object of schemas.`);
    } else if (SCHEMA_LIST.has(keyword)) {
      if (Array.isArray(value)) adapted[keyword] = value.map((child, index) => adaptSchema(child, `${inside}[${index}]`, definitionRef, adaptation));
      else adaptation.problems.push(`${inside}: must be a list of schemas.`);
    } else if (DATA.has(keyword)) {
      adapted[keyword] = value;
    } else if (!DOCUMENT.has(keyword)) {
      adaptation.dropped.add(keyword);
    }
  }
  // With a boolean exclusive bound, draft-04's maximum was the exclusive one: keep only that.
  if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number') delete adapted.maximum;
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') delete adapted.minimum;
  return adapted;
}
