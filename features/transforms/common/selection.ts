import { plural } from '../../../base/common/plural.ts';

/**
 * What every batch transform shares: which events it works on (all, or the selected indexes),
 * and its answer. Transforms are pure: the events they change are copies, the others are
 * returned as they were, and `changed` lists the indexes of the copies.
 */

/** `notes`: what the user should know of a transform that went through (shiftTimes: events it could not place exactly). */
export type TransformResult = { ok: true; events: unknown[]; changed: number[]; notes?: string[] } | { ok: false; message: string };

export type EventObject = Record<string, unknown>;

export function isEventObject(value: unknown): value is EventObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The selected indexes in batch order, once each; all of them when `indexes` is absent. */
export function selectedIndexes(count: number, indexes: readonly number[] | undefined): { ok: true; indexes: number[] } | { ok: false; message: string } {
  if (indexes === undefined) return { ok: true, indexes: Array.from({ length: count }, (_, index) => index) };
  const unique = [...new Set(indexes)].sort((a, b) => a - b);
  const outside = unique.find((index) => !Number.isInteger(index) || index < 0 || index >= count);
  if (outside !== undefined)
    return { ok: false, message: `There is no event ${Number.isInteger(outside) ? outside + 1 : outside}: the batch has ${plural(count, 'event')}.` };
  return { ok: true, indexes: unique };
}

/** The selected events, each checked to be an object (a transform cannot work on anything else). */
export function selectedEvents(
  events: readonly unknown[],
  indexes: readonly number[] | undefined,
): { ok: true; indexes: number[] } | { ok: false; message: string } {
  const selection = selectedIndexes(events.length, indexes);
  if (!selection.ok) return selection;
  const notObject = selection.indexes.find((index) => !isEventObject(events[index]));
  if (notObject !== undefined) return { ok: false, message: `Event ${notObject + 1} is not an object, so it has no fields to change.` };
  return selection;
}
