/**
 * What a JSON Schema, or one of its keywords, asks for, in the words a person reads in a
 * diagnostic: `one of "EUR", "USD", "GBP"`, `a string matching ^\d+\.\d{2}$`, `a number at
 * least 0`. Read from the errors of a validator shaped like Ajv's (its `params`, and with
 * `verbose` its `schema` and `parentSchema`), with no Ajv here, so a worker can use it.
 */

/** One error of a validator, as Ajv reports it (ErrorObject), with `verbose` on. */
export interface SchemaError {
  readonly keyword: string;
  /** The JSON pointer of the value, from the validated object. */
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
  /** The keyword's value (verbose). */
  readonly schema?: unknown;
  /** The schema the keyword is in (verbose). */
  readonly parentSchema?: unknown;
}

/** Enum values shown before "or N more". */
const SHOWN_VALUES = 8;
/** Values seen are shown as JSON up to this many characters. */
const SHOWN_JSON = 60;

const ARTICLES: Record<string, string> = {
  integer: 'an integer',
  array: 'an array',
  object: 'an object',
  null: 'null',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
};

const FORMATS: Record<string, string> = {
  'date-time': 'a date-time (RFC 3339, like 2026-05-31T09:30:00Z)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM:SS with an offset)',
  email: 'an email address',
  uri: 'a URI',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  hostname: 'a host name',
};

/** The keywords that bound a count (min… at least, max… at most), with what they count. */
const COUNTED: Record<string, { value: string; unit: string }> = {
  minLength: { value: 'a string', unit: 'characters' },
  maxLength: { value: 'a string', unit: 'characters' },
  minItems: { value: 'an array', unit: 'items' },
  maxItems: { value: 'an array', unit: 'items' },
  minProperties: { value: 'an object', unit: 'properties' },
  maxProperties: { value: 'an object', unit: 'properties' },
};

const COMPARISONS: Record<string, string> = { '>=': 'at least', '<=': 'at most', '>': 'greater than', '<': 'less than' };

/** A value as short JSON text: `"YEN"`, `12.5`, `{"a":1,…`. */
export function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_JSON ? `${text.slice(0, SHOWN_JSON - 1)}…` : text;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(words: readonly string[], joiner: 'or' | 'and'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1)}`;
}

function oneOfValues(values: readonly unknown[]): string {
  if (values.length === 1) return `exactly ${shortJson(values[0])}`;
  const shown = values.slice(0, SHOWN_VALUES).map(shortJson);
  const more = values.length - shown.length;
  return `one of ${shown.join(', ')}${more > 0 ? ` or ${more} more` : ''}`;
}

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return list(
    types.map((name) => ARTICLES[String(name)] ?? String(name)),
    'or',
  );
}

function patternWords(pattern: unknown): string {
  return `a string matching ${String(pattern)}`;
}

/** The words for the limits a schema puts beside its type: `at least 0`, `matching …`. */
function limitWords(schema: Readonly<Record<string, unknown>>): string[] {
  const words: string[] = [];
  if (typeof schema.pattern === 'string') words.push(`matching ${schema.pattern}`);
  if (typeof schema.format === 'string') words.push(`in the ${schema.format} format`);
  if (typeof schema.minimum === 'number') words.push(`at least ${schema.minimum}`);
  if (typeof schema.maximum === 'number') words.push(`at most ${schema.maximum}`);
  if (typeof schema.minLength === 'number') words.push(`of at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number') words.push(`of at most ${schema.maxLength} characters`);
  return words;
}

/** A whole schema in words, as far as its common keywords go. */
export function schemaWords(schema: unknown): string {
  if (schema === true || schema === undefined) return 'any value';
  if (schema === false || !isObject(schema)) return 'no value';
  if ('const' in schema) return shortJson(schema.const);
  if (Array.isArray(schema.enum)) return oneOfValues(schema.enum);
  if (typeof schema.$ref === 'string') return `a value matching ${schema.$ref}`;
  const limits = limitWords(schema);
  if (schema.type !== undefined) return [typeWords(schema.type), ...limits].join(' ');
  if (typeof schema.pattern === 'string' && limits.length === 1) return patternWords(schema.pattern);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (branches) return list(branches.map(schemaWords), 'or');
  return limits.length > 0 ? `a value ${limits.join(' ')}` : 'a value matching the plan';
}

/** The properties a schema allows, for "only …" in an unknown attribute's expectation (one whose schema is false it forbids). */
function listedProperties(parentSchema: unknown): string[] {
  if (!isObject(parentSchema) || !isObject(parentSchema.properties)) return [];
  return Object.entries(parentSchema.properties)
    .filter(([, schema]) => schema !== false)
    .map(([name]) => name);
}

/** What the error's keyword asked for, in words. `value` is the value it was checked on. */
export function expectedWords(error: SchemaError, value: unknown, noun: 'attribute' | 'field' | 'key'): string {
  const { params } = error;
  const counted = Object.hasOwn(COUNTED, error.keyword) ? COUNTED[error.keyword]! : null;
  if (counted) return `${counted.value} of ${error.keyword.startsWith('min') ? 'at least' : 'at most'} ${String(params.limit)} ${counted.unit}`;
  switch (error.keyword) {
    case 'type':
      return typeWords(params.type);
    case 'enum':
      return oneOfValues(Array.isArray(params.allowedValues) ? params.allowedValues : []);
    case 'const':
      return `exactly ${shortJson(params.allowedValue)}`;
    case 'pattern':
      return patternWords(params.pattern);
    case 'format':
      return FORMATS[String(params.format)] ?? `a string in the ${String(params.format)} format`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `a number ${COMPARISONS[String(params.comparison)] ?? String(params.comparison)} ${String(params.limit)}`;
    case 'multipleOf':
      return `a multiple of ${String(params.multipleOf)}`;
    case 'uniqueItems':
      return 'an array without repeated items';
    case 'required':
    case 'dependentRequired': {
      const property =
        isObject(error.parentSchema) && isObject(error.parentSchema.properties) ? error.parentSchema.properties[String(params.missingProperty)] : undefined;
      return schemaWords(property);
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const listed = listedProperties(error.parentSchema);
      return listed.length === 0 ? `no ${noun}s` : `only the ${noun}s ${list(listed, 'and')}`;
    }
    case 'false schema':
      return 'nothing: the plan forbids it';
    case 'anyOf':
      return Array.isArray(error.schema) ? list(error.schema.map(schemaWords), 'or') : 'a value matching one of the alternatives';
    case 'oneOf':
      return Array.isArray(error.schema) ? `exactly one of: ${list(error.schema.map(schemaWords), 'or')}` : 'a value matching exactly one alternative';
    case 'not':
      return `anything but ${schemaWords(error.schema)}`;
    default:
      return error.message ? `a value that ${error.message}` : `a value passing the plan's "${error.keyword}"`;
  }
}
