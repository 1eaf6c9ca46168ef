import { resolveTimeZone, type EnvironmentView } from '../../shared/environment.ts';
import { serializeJson } from '../../shared/formats/json.ts';
import type { ImportedEvent } from '../../shared/formats/import-result.ts';
import { generateFrom, resolveBatch, type TemplateContext } from '../../shared/templates.ts';

/** What templates resolve against: the active environment's variables and zone, and now. */
export function templateContext(environment: EnvironmentView | null): TemplateContext {
  return { variables: environment?.variables ?? [], timeZone: resolveTimeZone(environment?.timeZone ?? 'UTC'), now: new Date() };
}

/** The batch as it would be sent, as text, or every template problem in words. */
export function previewOf(events: unknown[], environment: EnvironmentView | null): { text: string } | { problems: string[] } {
  const result = resolveBatch(events, templateContext(environment));
  if ('problems' in result) return { problems: result.problems.map((problem) => `${problem.path || '/'}: ${problem.message}`) };
  return { text: serializeJson(result.events as ImportedEvent[]) };
}

export function copiesOf(event: unknown, count: number, environment: EnvironmentView | null): { text: string } | { problems: string[] } {
  const result = generateFrom(event, count, templateContext(environment));
  if ('problems' in result) return { problems: result.problems.map((problem) => `${problem.path || '/'}: ${problem.message}`) };
  return { text: serializeJson(result.events as ImportedEvent[]) };
}
