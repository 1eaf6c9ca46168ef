import { resolveTimeZone, type EnvironmentView } from '../../shared/environment.ts';
import { eventPlace } from '../../shared/event-place.ts';
import { serializeJson } from '../../shared/formats/json.ts';
import type { ImportedEvent } from '../../shared/formats/import-result.ts';
import { generateFrom, resolveBatch, type ResolveResult, type TemplateContext } from '../../shared/templates.ts';

/** What templates resolve against: the active environment's variables and zone, and now. */
export function templateContext(environment: EnvironmentView | null): TemplateContext {
  return { variables: environment?.variables ?? [], timeZone: resolveTimeZone(environment?.timeZone ?? 'UTC'), now: new Date() };
}

type Resolved = { text: string } | { problems: string[] };

/** Resolved events as batch text, or every template problem in words. */
function asText(result: ResolveResult): Resolved {
  if ('problems' in result) return { problems: result.problems.map((problem) => `${eventPlace(problem.path)}: ${problem.message}`) };
  return { text: serializeJson(result.events as ImportedEvent[]) };
}

/** The batch as it would be sent now. */
export function previewOf(events: unknown[], environment: EnvironmentView | null): Resolved {
  return asText(resolveBatch(events, templateContext(environment)));
}

/** "Generate N events from this one". */
export function copiesOf(event: unknown, count: number, environment: EnvironmentView | null): Resolved {
  return asText(generateFrom(event, count, templateContext(environment)));
}
