import { plural } from '../../../base/common/plural.ts';
import { isObject } from './import-schema.ts';
import {
  leftOutNote,
  planOf,
  problemList,
  readJsonFile,
  type ImportedKind,
  type PlanImportOptions,
  type PlanImportResult,
  type PlanSourceFile,
} from './import-plan.ts';

/**
 * Import from Segment Protocols: the answer of the Public API's List Rules from Tracking Plan
 * (`GET /tracking-plans/{trackingPlanId}/rules`: `{"data": {"rules": [...]}}`), or its `rules`
 * object alone. Each rule is `{type, key, jsonSchema, version, deprecatedAt?}`; a TRACK rule
 * describes one event named `key`, its properties at `jsonSchema.properties.properties`. Several
 * files are the pages of one answer. Where an event has several versions, the latest is kept.
 */

const EXPECTED = 'not a Segment tracking plan export: no "rules" array (expected the answer of GET /tracking-plans/{id}/rules, {"data": {"rules": [...]}})';

interface Rule {
  readonly rule: Readonly<Record<string, unknown>>;
  readonly source: string;
}

function rulesOf(value: unknown): unknown[] | undefined {
  const holder = isObject(value) && isObject(value.data) ? value.data : value;
  return isObject(holder) && Array.isArray(holder.rules) ? holder.rules : undefined;
}

function versionOf(rule: Readonly<Record<string, unknown>>): number {
  return typeof rule.version === 'number' ? rule.version : 0;
}

export function importSegment(files: readonly PlanSourceFile[], options: PlanImportOptions = {}): PlanImportResult {
  const latest = new Map<string, Rule>();
  const problems: string[] = [];
  const otherTypes = new Map<string, number>();
  let deprecated = 0;
  for (const file of files) {
    const reading = readJsonFile(file);
    if (!reading.ok) return reading;
    const rules = rulesOf(reading.value);
    if (rules === undefined) return { ok: false, message: `${file.name} is ${EXPECTED}.` };
    rules.forEach((rule, index) => {
      const source = `rule ${index + 1} of ${file.name}`;
      if (!isObject(rule) || typeof rule.type !== 'string') {
        problems.push(`${source} is not a Segment rule: expected "type", "key" and "jsonSchema".`);
      } else if (rule.type !== 'TRACK') {
        otherTypes.set(rule.type, (otherTypes.get(rule.type) ?? 0) + 1);
      } else if (typeof rule.deprecatedAt === 'string') {
        deprecated++;
      } else if (typeof rule.key !== 'string' || rule.key === '' || !isObject(rule.jsonSchema)) {
        problems.push(`${source} is a TRACK rule without a "key" or a "jsonSchema" object.`);
      } else {
        const earlier = latest.get(rule.key);
        if (earlier === undefined || versionOf(rule) > versionOf(earlier.rule)) latest.set(rule.key, { rule, source });
      }
    });
  }
  if (problems.length > 0) return { ok: false, message: problemList(problems) };
  const notes = leftOutNote(otherTypes, 'rule', "a plan describes kinds of event, which Segment's TRACK rules name.");
  if (deprecated > 0) notes.push(`Left out ${plural(deprecated, 'deprecated rule')}.`);
  if (latest.size === 0) return { ok: false, message: `${files.map((file) => file.name).join(', ')}: no TRACK rule in use, so no event to plan.` };
  const kinds: ImportedKind[] = [...latest.entries()].map(([key, { rule, source }]) => {
    const schema = rule.jsonSchema as Readonly<Record<string, unknown>>;
    const sections = isObject(schema.properties) ? schema.properties : {};
    return { key, description: schema.description, attributes: sections.properties ?? true, document: schema, source };
  });
  return planOf(kinds, 'Imported Segment tracking plan', options, notes);
}
