import { eventsFromJson, readJson, type ImportedEvent, type ImportResult } from './import-result.ts';

/**
 * The sandbox's traffic saved as JSON (`GET /_sandbox/requests`, or the traffic log's records):
 * a list of requests, each with its method, path, body and answer. Imported, it gives the events
 * its clients posted to /user/events, not the records themselves as 42 bogus events.
 */

interface TrafficRecord {
  /** The sandbox numbers its requests from 1, as its Sandbox tab and its log show them. */
  id?: unknown;
  method: string;
  path: string;
  body: { text: string; truncated: boolean };
}

function isTrafficRecord(value: unknown): value is TrafficRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<Record<keyof TrafficRecord | 'response', unknown>>;
  const body = record.body as { text?: unknown; truncated?: unknown } | null | undefined;
  return (
    typeof record.method === 'string' &&
    typeof record.path === 'string' &&
    'response' in record &&
    typeof body?.text === 'string' &&
    typeof body.truncated === 'boolean'
  );
}

/** A non-empty list in which every item is a record of the sandbox's traffic. */
export function isSandboxTraffic(value: unknown): value is TrafficRecord[] {
  return Array.isArray(value) && value.length > 0 && value.every(isTrafficRecord);
}

const EVENTS_PATH = /^\/user\/events\/?(?:\?|$)/;

/** Requests as a note lists them, by the sandbox's number (else their place in the file): the first few, then how many more. */
function listed(requests: readonly string[]): string {
  const shown = requests.slice(0, 10).join(', ');
  return requests.length > 10 ? `${shown} and ${requests.length - 10} more` : shown;
}

/** The events every POST to /user/events carried, oldest request first (the traffic lists the newest first). */
export function eventsFromTraffic(records: readonly TrafficRecord[]): ImportResult {
  const events: ImportedEvent[] = [];
  const cut: string[] = [];
  const unreadable: string[] = [];
  let posts = 0;
  const oldestFirst = [...records].reverse();
  oldestFirst.forEach((record, index) => {
    if (record.method.toUpperCase() !== 'POST' || !EVENTS_PATH.test(record.path)) return;
    posts++;
    const name = typeof record.id === 'number' ? `#${record.id}` : `${records.length - index} of the file`;
    if (record.body.truncated) {
      cut.push(name);
      return;
    }
    const json = readJson(record.body.text);
    const found = json.ok ? eventsFromJson(json.value) : null;
    if (!found?.ok) {
      unreadable.push(name);
      return;
    }
    events.push(...found.events);
  });
  const of = `${records.length} ${records.length === 1 ? 'request' : 'requests'} of the sandbox's traffic`;
  if (posts === 0) return { ok: false, message: `None of the ${of} in this file posts to /user/events.` };
  const notes = [
    cut.length > 0
      ? `Skipped requests ${listed(cut)}: the traffic kept only the start of their bodies; \`eventdesk capture export\` or the Sandbox tab has them whole.`
      : '',
    unreadable.length > 0 ? `Skipped requests ${listed(unreadable)}: their bodies hold no JSON events.` : '',
  ].filter((note) => note !== '');
  if (events.length === 0) return { ok: false, message: `The ${posts} posts to /user/events in these ${of} have no events to import. ${notes.join(' ')}` };
  return {
    ok: true,
    events,
    note: [`Found ${events.length} events in ${posts - cut.length - unreadable.length} posts to /user/events, of ${of}.`, ...notes].join(' '),
  };
}
