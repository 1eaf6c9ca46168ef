import { plural } from '../../base/common/plural.ts';
import { importText } from '../composer/import/importing.ts';
import type { ReplayRequest } from '../base/data/replay-store.ts';

/**
 * A saved file's events as a replay (a capture export as JSON or NDJSON, a HAR, a batch), or
 * why not. A CSV is not read here: its columns need the composer's mapping first.
 */
export function replayOfFile(name: string, text: string): ReplayRequest | { message: string } {
  const imported = importText(name, text);
  if (imported.kind === 'error') return { message: `${name} cannot be replayed: ${imported.message}` };
  if (imported.kind === 'csv') return { message: `${name} is a table: import it into the composer (Import events…) to map its columns to fields first.` };
  // An import with no events is an error already ("The list is empty").
  const count = imported.events.length;
  return { eventsText: JSON.stringify(imported.events, null, 2), count, source: `${plural(count, 'event')} from ${name}` };
}
