import { patternProblem } from './linear-pattern.ts';

/**
 * A walk over a JSON Schema's subschemas and keywords, with the JSON pointer of each, to name
 * where in a plan a problem sits: a bad `pattern`, a `$ref` that points nowhere, a keyword
 * nobody knows. Values that are data rather than schema (`const`, `enum`, `default`,
 * `examples`) are not walked into, so a `"pattern"` inside an example is not taken for one.
 */

const DATA_KEYWORDS: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples']);

/** Keywords whose object value maps names to subschemas (their keys are names, not keywords). */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Calls `visit` with each keyword of `schema` and of its subschemas, depth first in text order,
 * and the pointer of the keyword's value; stops at the first `visit` that returns true and
 * gives that pointer. Bounded by the schema's size: a walk holds no cycle, as parsed JSON has none.
 */
export function findInSchema(schema: unknown, pointer: string, visit: (keyword: string, value: unknown, at: string) => boolean): string | null {
  const pending: { schema: unknown; pointer: string }[] = [{ schema, pointer }];
  while (pending.length > 0) {
    const { schema: current, pointer: at } = pending.pop()!;
    if (!isObject(current)) continue;
    const children: { schema: unknown; pointer: string }[] = [];
    for (const [keyword, value] of Object.entries(current)) {
      const valueAt = `${at}/${escapePointerSegment(keyword)}`;
      if (visit(keyword, value, valueAt)) return valueAt;
      if (DATA_KEYWORDS.has(keyword)) continue;
      if (SCHEMA_MAPS.has(keyword) && isObject(value)) {
        for (const [name, subschema] of Object.entries(value)) children.push({ schema: subschema, pointer: `${valueAt}/${escapePointerSegment(name)}` });
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => children.push({ schema: item, pointer: `${valueAt}/${index}` }));
      } else if (isObject(value)) {
        children.push({ schema: value, pointer: valueAt });
      }
    }
    // Depth first, in text order: the stack pops the first child first.
    pending.push(...children.reverse());
  }
  return null;
}

export interface SchemaProblem {
  pointer: string;
  message: string;
}

/** Each `pattern`, and each name pattern of `patternProperties`, that cannot be checked (linear-pattern.ts). */
export function patternProblems(schema: unknown, pointer: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  findInSchema(schema, pointer, (keyword, value, at) => {
    if (keyword === 'pattern' && typeof value === 'string') {
      const problem = patternProblem(value);
      if (problem) problems.push({ pointer: at, message: `the pattern ${value} ${problem}` });
    }
    if (keyword === 'patternProperties' && isObject(value)) {
      for (const name of Object.keys(value)) {
        const problem = patternProblem(name);
        if (problem) problems.push({ pointer: `${at}/${escapePointerSegment(name)}`, message: `the property-name pattern ${name} ${problem}` });
      }
    }
    return false;
  });
  return problems;
}
