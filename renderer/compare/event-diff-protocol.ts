import { AppError, type AppErrorShape } from '../../shared/errors.ts';
import { diffEvents, eventsOfText, type EventDiff, type MatchBy } from '../../shared/events/event-diff.ts';

/**
 * What the Compare view and its diff worker say to each other. Reading two 28 MB batches and
 * matching 100 000 events takes about a second, far past a frame, so it runs off the UI thread.
 * The worker keeps the last two texts read, so "Match by position" compares again without
 * reading them again.
 */

export interface EventDiffRequest {
  id: number;
  left: string;
  right: string;
  matchBy: MatchBy;
}

export type EventDiffAnswer = { id: number; milliseconds: number } & ({ diff: EventDiff } | { error: AppErrorShape });

export function createEventDiffResponder(): (request: EventDiffRequest) => EventDiffAnswer {
  const read: { left?: [string, unknown[]]; right?: [string, unknown[]] } = {};
  const events = (side: 'left' | 'right', text: string): unknown[] => {
    const kept = read[side];
    if (kept && kept[0] === text) return kept[1];
    const parsed = eventsOfText(text, side);
    read[side] = [text, parsed];
    return parsed;
  };
  return ({ id, left, right, matchBy }) => {
    const started = performance.now();
    try {
      const diff = diffEvents(events('left', left), events('right', right), matchBy);
      return { id, diff, milliseconds: performance.now() - started };
    } catch (error) {
      const shape = error instanceof AppError ? error.toShape() : { code: 'internal' as const, message: 'The events could not be compared.', detail: String(error) };
      return { id, error: shape, milliseconds: performance.now() - started };
    }
  };
}
