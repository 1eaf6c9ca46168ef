import { resolveTimeZone, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import { eventPlace } from '../../../base/common/event-place.ts';
import { serializeJson } from '../../../features/formats/common/json.ts';
import type { ImportedEvent } from '../../../features/formats/common/import-result.ts';
import { generateFrom, resolveBatch, type ResolveResult, type TemplateContext } from '../../../features/environments/common/templates.ts';

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

/** Which fields each copy gets its own value in: a new device (`{{$uuid}}`), or the copy's number after the value (`{{$seq}}`). */
export interface CopyVariation {
  uniqueDevice: boolean;
  numbered: readonly string[];
}

/** The event as each copy is made from: the fields that must differ written as templates. */
export function copyTemplate(event: Readonly<Record<string, unknown>>, { uniqueDevice, numbered }: CopyVariation): Record<string, unknown> {
  const template = { ...event };
  if (uniqueDevice) template.device_id = '{{$uuid}}';
  for (const field of numbered) template[field] = `${typeof event[field] === 'string' ? `${event[field]}-` : ''}{{$seq}}`;
  return template;
}

/** "Generate N copies of this event": each resolved on its own, or every template problem in words. */
export function copiesOf(
  event: Readonly<Record<string, unknown>>,
  count: number,
  variation: CopyVariation,
  environment: EnvironmentView | null,
): { events: unknown[] } | { problems: string[] } {
  const result = generateFrom(copyTemplate(event, variation), count, templateContext(environment));
  return 'problems' in result ? { problems: result.problems.map((problem) => `${problem.path || '/'}: ${problem.message}`) } : result;
}
