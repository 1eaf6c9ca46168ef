import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { KindValidators, SchemaValidator } from '../common/check.ts';
import { linearRegExp } from '../common/linear-regexp.ts';
import type { JsonSchema, TrackingPlan } from '../common/plan.ts';
import { escapePointerSegment, findInSchema, patternProblems } from '../common/schema-walk.ts';
import type { PlanProblem } from '../common/plan-problem.ts';
import { standaloneModule } from './standalone.ts';

/**
 * Each kind's `attributes` and `fields` schemas compiled with Ajv (draft 2020-12, with
 * ajv-formats), one Ajv per plan. Ajv compiles to code with `new Function`, which the
 * renderer's CSP forbids, so this runs only in Node: the services, the CLI, the sandbox. A
 * part that cannot be compiled is named with its kind's key and JSON path, and left
 * unchecked; the rest of the plan still applies.
 */

type Part = 'attributes' | 'fields';
const PLAN_PARTS: readonly Part[] = ['attributes', 'fields'];

/**
 * The pointer in the plan file of an Ajv schema path (`#/properties/x`, URI-encoded) in the
 * schema at `base`: a path into the plan's definitions, which travel with each schema, points
 * to where the plan writes them.
 */
function pointerOfSchemaPath(base: string, schemaPath: string, schema: JsonSchema): string {
  const path = decodeURIComponent(schemaPath.replace(/^#/, ''));
  const def = /^\/\$defs\/([^/]+)/.exec(path)?.[1];
  const ownDefs = isObject(schema) && isObject(schema.$defs) ? schema.$defs : {};
  return def !== undefined && !Object.hasOwn(ownDefs, def.replaceAll('~1', '/').replaceAll('~0', '~')) ? path : `${base}${path}`;
}

/** What Ajv's compile error means, and where in the plan. */
function compileProblem(error: Error, schema: JsonSchema, base: string, brokenDefs: ReadonlySet<string>): { pointer: string; message: string } {
  const missing = /^can't resolve reference (.+) from id /.exec(error.message)?.[1];
  if (missing !== undefined) {
    const at = findInSchema(schema, base, (keyword, value) => keyword === '$ref' && value === missing);
    const defName = /^#\/\$defs\/([^/]+)/.exec(missing)?.[1];
    const broken = defName !== undefined && brokenDefs.has(defName);
    return { pointer: at ?? base, message: `$ref "${missing}" points ${broken ? `to a definition that is itself broken (see /$defs/${defName})` : 'nowhere'}` };
  }
  const format = /^unknown format "([^"]*)" ignored in schema at path "(#[^"]*)"/.exec(error.message);
  if (format) return { pointer: `${pointerOfSchemaPath(base, format[2]!, schema)}/format`, message: `unknown format "${format[1]}"` };
  // The draft's meta-schema takes `"enum": []`; Ajv refuses it, without saying where.
  if (error.message.startsWith('enum must have non-empty array')) {
    const at = findInSchema(schema, base, (keyword, value) => keyword === 'enum' && Array.isArray(value) && value.length === 0);
    return { pointer: at ?? base, message: 'enum lists no value, so no value could match; list the values or leave enum out' };
  }
  return { pointer: base, message: error.message };
}

/**
 * The schema as compiled: the plan's definitions travel with it, so `#/$defs/NAME` resolves to
 * them, and a `fields` schema, which checks the whole event, takes any `attributes`.
 */
function rootedSchema(schema: JsonSchema, part: Part, defs: Readonly<Record<string, unknown>>): JsonSchema {
  if (!isObject(schema)) return schema;
  const rooted: Record<string, unknown> = { ...schema, $defs: { ...defs, ...(isObject(schema.$defs) ? schema.$defs : {}) } };
  if (part === 'fields') rooted.properties = { ...(isObject(schema.properties) ? schema.properties : {}), attributes: true };
  return rooted;
}

export interface CompiledKinds {
  /** Each kind's validators, compiled at the first read of one of them. */
  kinds: Map<string, KindValidators>;
  /** Compiles the kinds not compiled yet, one per step, so a caller can pause between them (load.ts). */
  compileRest(): Generator<void, void, void>;
  /** The problems of the plan's definitions and of the kinds compiled so far, in the plan's order. */
  problems(): PlanProblem[];
  /** The same validators as an ES module's source, for the editor's worker (standalone.ts), one step per kind. */
  standalone(): Generator<void, string, void>;
}

/** Where the plan's check against docs/plan.schema.json found a part or a definition broken, so it is not compiled. */
export interface BrokenParts {
  /** `events/<key>/<part>` keys, or `events/<key>` for a kind that is not even an object. */
  readonly parts: ReadonlySet<string>;
  readonly defs: ReadonlySet<string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The validators of each kind of `plan`, and the problems of the parts that could not be
 * compiled. Every kind the plan names is in `kinds`, so an event of a broken kind is not reported
 * unplanned. A kind is compiled when first used, or by `compileRest`: compiling a plan of a
 * thousand kinds takes seconds, and a check of a few events needs only their kinds.
 */
export function compileKinds(plan: TrackingPlan, broken: BrokenParts): CompiledKinds {
  const defProblems: PlanProblem[] = [];
  const warnings: string[] = [];
  const options: Options = {
    allErrors: true,
    verbose: true,
    // Unknown keywords are warned of (a typo like "patern" would otherwise check nothing); the
    // schema's shape was checked against the draft's meta-schema with the plan's own schema.
    strict: false,
    strictSchema: 'log',
    validateSchema: false,
    allowUnionTypes: true,
    logger: { log: () => undefined, warn: (message: unknown) => warnings.push(String(message)), error: (message: unknown) => warnings.push(String(message)) },
    // The source is kept so the validators can be written out for the editor's worker (standalone.ts).
    code: { source: true, regExp: linearRegExp },
  };
  const ajv = new Ajv2020(options);
  addFormats.default(ajv);

  const defs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(plan.$defs ?? {})) {
    if (broken.defs.has(name)) continue;
    const pointer = `/$defs/${escapePointerSegment(name)}`;
    const unsafe = patternProblems(schema, pointer);
    for (const problem of unsafe) defProblems.push({ severity: 'error', ...problem });
    if (unsafe.length === 0) defs[name] = schema;
  }
  const brokenDefs = new Set([...broken.defs, ...Object.keys(plan.$defs ?? {}).filter((name) => !Object.hasOwn(defs, name))]);

  function compilePart(key: string, part: Part, schema: JsonSchema, problems: PlanProblem[]): SchemaValidator | undefined {
    const base = `/events/${escapePointerSegment(key)}/${part}`;
    const unsafe = patternProblems(schema, base);
    if (unsafe.length > 0) {
      for (const problem of unsafe) problems.push({ severity: 'error', key, ...problem });
      return undefined;
    }
    warnings.length = 0;
    let validator: SchemaValidator | undefined;
    try {
      validator = ajv.compile(rootedSchema(schema, part, defs)) as SchemaValidator;
    } catch (error) {
      problems.push({ severity: 'error', key, ...compileProblem(error as Error, schema, base, brokenDefs) });
    }
    for (const warning of new Set(warnings)) {
      const keyword = /unknown keyword: "([^"]+)"/.exec(warning)?.[1];
      const at = keyword === undefined ? null : findInSchema(schema, base, (name) => name === keyword);
      problems.push({ severity: 'warning', key, pointer: at ?? base, message: warning.replace(/^strict mode: /, '') });
    }
    return validator;
  }

  const kinds = new Map<string, KindValidators>();
  const kindProblems = new Map<string, PlanProblem[]>();
  const pending = new Map<string, () => void>();
  for (const [key, planned] of Object.entries(plan.events)) {
    if (broken.parts.has(`events/${key}`) || !isObject(planned)) {
      kinds.set(key, {});
      continue;
    }
    const validators: { attributes?: SchemaValidator; fields?: SchemaValidator } = {};
    const compileKind = () => {
      if (!pending.delete(key)) return;
      const problems: PlanProblem[] = [];
      for (const part of PLAN_PARTS) {
        const schema = planned[part] as JsonSchema | undefined;
        if (schema !== undefined && !broken.parts.has(`events/${key}/${part}`)) validators[part] = compilePart(key, part, schema, problems);
      }
      kindProblems.set(key, problems);
    };
    pending.set(key, compileKind);
    kinds.set(key, {
      get attributes() {
        compileKind();
        return validators.attributes;
      },
      get fields() {
        compileKind();
        return validators.fields;
      },
    });
  }

  function* compileRest(): Generator<void, void, void> {
    for (const compileKind of pending.values()) {
      compileKind();
      yield;
    }
  }

  let source: string | null = null;
  return {
    kinds,
    compileRest,
    problems: () => [...defProblems, ...Object.keys(plan.events).flatMap((key) => kindProblems.get(key) ?? [])],
    *standalone() {
      source ??= yield* standaloneModule(ajv, plan, kinds);
      return source;
    },
  };
}
