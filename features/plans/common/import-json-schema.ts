import { isObject } from './import-schema.ts';
import { planOf, problemList, readJsonFile, type ImportedKind, type PlanImportOptions, type PlanImportResult, type PlanSourceFile } from './import-plan.ts';

/**
 * Import from JSON Schemas, one per kind of event: a folder (or a list) of files each holding
 * one event's schema, a file holding a list of them, or Avo's tracking-plan export (its Export
 * API and webhook payload: `{"events": [{"name", "description", "rules": <schema>}]}`).
 *
 * A schema either describes the whole event, its properties under `properties` (Avo, Segment)
 * or `event_properties` (Amplitude's event), or describes the properties themselves. The kind's
 * key is the `const` of the event's name property (`event`, `event_type`), else the schema's
 * `title`, else the file's name without `.schema.json` or `.json`.
 */

const NAME_PROPERTIES = ['event', 'event_type'];
const PROPERTIES_FIELDS = ['properties', 'event_properties'];

const EXPECTED = 'a JSON Schema of one event (an object with "properties"), a list of them, or Avo\'s export ({"events": [{"name", "rules"}]})';

function fileKey(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? name;
  return base.replace(/(\.schema)?\.json$/i, '');
}

/** The event name a schema pins with `const` (or a one-value `enum`) on its name property. */
function constName(schema: Readonly<Record<string, unknown>>): string | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const field of NAME_PROPERTIES) {
    const property = properties[field];
    if (!isObject(property)) continue;
    if (typeof property.const === 'string') return property.const;
    if (Array.isArray(property.enum) && property.enum.length === 1 && typeof property.enum[0] === 'string') return property.enum[0];
  }
  return undefined;
}

/**
 * The schema of the event's properties: under a properties field of a whole-event schema, or
 * the schema itself less its name property, and less its title and description, which name
 * and describe the kind.
 */
function propertiesSchema(schema: Readonly<Record<string, unknown>>): unknown {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const field = PROPERTIES_FIELDS.find((name) => isObject(properties[name]) && isObject((properties[name] as Record<string, unknown>).properties));
  if (field !== undefined) return properties[field];
  const named = NAME_PROPERTIES.filter((name) => name in properties);
  const { title: _title, description: _description, ...rest } = schema;
  if (named.length === 0) return rest;
  const required = Array.isArray(schema.required) ? { required: schema.required.filter((name) => !named.includes(name as string)) } : {};
  return { ...rest, properties: Object.fromEntries(Object.entries(properties).filter(([name]) => !named.includes(name))), ...required };
}

function kindOfSchema(schema: unknown, source: string, fallbackKey: string | undefined, problems: string[]): ImportedKind | undefined {
  if (!isObject(schema)) {
    problems.push(`${source} is not a schema object.`);
    return undefined;
  }
  const key = constName(schema) ?? (typeof schema.title === 'string' && schema.title.trim() !== '' ? schema.title : fallbackKey);
  if (!key) {
    problems.push(`${source} names no event: give it a "title" or a "const" on its "event" property.`);
    return undefined;
  }
  return { key, description: schema.description, attributes: propertiesSchema(schema), document: schema, source };
}

function kindsOfFile(file: PlanSourceFile, value: unknown, problems: string[]): { kinds: ImportedKind[]; name?: unknown } {
  if (isObject(value) && Array.isArray(value.events)) {
    const kinds = value.events.flatMap((event: unknown, index) => {
      const source = `event ${index + 1} of ${file.name}`;
      if (!isObject(event) || typeof event.name !== 'string' || event.name === '' || !isObject(event.rules)) {
        problems.push(`${source} is not an Avo event: expected "name" and "rules" (its JSON Schema).`);
        return [];
      }
      const kind = kindOfSchema(event.rules, source, event.name, problems);
      return kind ? [{ ...kind, key: event.name, description: event.description ?? kind.description }] : [];
    });
    return { kinds, name: value.name };
  }
  if (Array.isArray(value)) {
    return { kinds: value.flatMap((schema, index) => kindOfSchema(schema, `schema ${index + 1} of ${file.name}`, undefined, problems) ?? []) };
  }
  if (isObject(value) && (isObject(value.properties) || 'type' in value || '$schema' in value)) {
    const kind = kindOfSchema(value, file.name, fileKey(file.name), problems);
    return { kinds: kind ? [kind] : [] };
  }
  problems.push(`${file.name} is not ${EXPECTED}.`);
  return { kinds: [] };
}

export function importJsonSchemas(files: readonly PlanSourceFile[], options: PlanImportOptions = {}): PlanImportResult {
  if (files.length === 0) return { ok: false, message: `No file to import: expected ${EXPECTED}.` };
  const kinds: ImportedKind[] = [];
  const problems: string[] = [];
  let exportName: unknown;
  for (const file of files) {
    const reading = readJsonFile(file);
    if (!reading.ok) return reading;
    const found = kindsOfFile(file, reading.value, problems);
    kinds.push(...found.kinds);
    exportName ??= found.name;
  }
  if (problems.length > 0) return { ok: false, message: problemList(problems) };
  if (kinds.length === 0) return { ok: false, message: `${files.map((file) => file.name).join(', ')} describe${files.length === 1 ? 's' : ''} no event.` };
  return planOf(kinds, typeof exportName === 'string' ? exportName : 'Imported JSON Schemas', options, []);
}
