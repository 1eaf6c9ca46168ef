import { describe, expect, it } from 'vitest';
import { replayOfFile } from '../../../renderer/replay/replay-file.ts';
import { validEvent } from '../../fixtures/events.ts';

describe('replayOfFile', () => {
  it('makes a capture export (NDJSON) into the events to replay, named after the file', () => {
    const events = [validEvent({ token: 'a' }), validEvent({ token: 'b' })];
    const replay = replayOfFile('capture.ndjson', events.map((event) => JSON.stringify(event)).join('\n'));
    expect(replay).toEqual({ eventsText: JSON.stringify(events, null, 2), count: 2, source: '2 events from capture.ndjson' });
  });

  it('says why a file cannot be replayed: unreadable, a table to map first, or no events', () => {
    expect(replayOfFile('broken.json', '[{"token": ')).toMatchObject({ message: expect.stringMatching(/^broken\.json cannot be replayed: /) });
    expect(replayOfFile('people.csv', 'token,customer_id\na,c-1\n')).toEqual({
      message: 'people.csv is a table: import it into the composer (Import events…) to map its columns to fields first.',
    });
    expect(replayOfFile('empty.json', '[]')).toEqual({ message: 'empty.json cannot be replayed: The list is empty: there are no events in it.' });
    expect(replayOfFile('empty.ndjson', '')).toMatchObject({ message: expect.stringMatching(/^empty\.ndjson cannot be replayed: /) });
  });
});
