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
 * Import from RudderStack: a tracking plan as its Data Catalog API (v2) gives it, the plan
 * (`GET /v2/catalog/tracking-plans/{id}`: `{"id", "name", ...}`) with `events` holding each
 * event's schema (`GET /v2/catalog/tracking-plans/{id}/events/{eventId}?format=schema`:
 * `{"name", "description", "eventType", "identitySection", "rules": <JSON Schema>}`), as
 * rudder-cli assembles it; or one such event, or a list of them. A `track` event's properties
 * are at `rules.properties.properties`; identify, page, screen and group events name no kind.
 */

const EXPECTED =
  'not a RudderStack tracking plan export: no "events" list (expected the Data Catalog API\'s tracking plan with each event as ?format=schema gives it: {"name", "events": [{"name", "eventType", "rules"}]})';

function eventsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isObject(value) && Array.isArray(value.events)) return value.events;
  if (isObject(value) && isObject(value.rules) && typeof value.eventType === 'string') return [value];
  return undefined;
}

export function importRudderStack(files: readonly PlanSourceFile[], options: PlanImportOptions = {}): PlanImportResult {
  const kinds: ImportedKind[] = [];
  const problems: string[] = [];
  const otherTypes = new Map<string, number>();
  let planName: unknown;
  for (const file of files) {
    const reading = readJsonFile(file);
    if (!reading.ok) return reading;
    const events = eventsOf(reading.value);
    if (events === undefined) return { ok: false, message: `${file.name} is ${EXPECTED}.` };
    if (isObject(reading.value)) planName ??= reading.value.name;
    events.forEach((event, index) => {
      const source = `event ${index + 1} of ${file.name}`;
      const eventType = isObject(event) && typeof event.eventType === 'string' ? event.eventType : 'track';
      if (!isObject(event)) {
        problems.push(`${source} is not an object.`);
      } else if (eventType !== 'track') {
        otherTypes.set(eventType, (otherTypes.get(eventType) ?? 0) + 1);
      } else if (typeof event.name !== 'string' || event.name === '') {
        problems.push(`${source} is a track event without a "name".`);
      } else if (!isObject(event.rules)) {
        problems.push(`${source} ("${event.name}") has no "rules": export each event with ?format=schema, which gives its JSON Schema.`);
      } else {
        const sections = isObject(event.rules.properties) ? event.rules.properties : {};
        kinds.push({ key: event.name, description: event.description, attributes: sections.properties ?? true, document: event.rules, source });
      }
    });
  }
  if (problems.length > 0) return { ok: false, message: problemList(problems) };
  const notes = leftOutNote(otherTypes, 'event', "a plan describes kinds of event, which RudderStack's track events name.");
  if (kinds.length === 0) return { ok: false, message: `${files.map((file) => file.name).join(', ')}: no track event, so no event to plan.` };
  return planOf(kinds, typeof planName === 'string' ? planName : 'Imported RudderStack tracking plan', options, notes);
}
