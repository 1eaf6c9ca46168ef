import { pseudonymsWithKey } from '../../../features/transforms/node/pseudonyms.ts';
import {
  personalValues,
  pseudonymize,
  replacementsOf,
  setField,
  shiftTimes,
  spreadTimes,
  type TransformResult,
} from '../../../features/transforms/common/transforms.ts';
import { measureBesideParse, withParseGoal } from '../beside-parse.ts';
import { type BenchCase, type BenchLine } from '../bench.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';

/**
 * Each batch transform on 100 000 parsed events (about 28 MB of pretty JSON), beside a
 * JSON.parse of the same text: shift times (Europe/Berlin, so every event is read and written
 * through the zone), spread them over a day, set a field on all, and pseudonymize (listing the
 * personal values, their HMAC replacements as main makes them, and putting them in). Half the
 * events carry an email and an IP address in free text, so the scan finds something to replace.
 */

const TIME_ZONE = 'Europe/Berlin';

function checked(result: TransformResult): TransformResult {
  if (!result.ok) throw new Error(result.message);
  return result;
}

function withPersonalData(events: unknown[]): unknown[] {
  return events.map((event, index) => {
    if (index % 2) return event;
    const record = event as { attributes: Record<string, string> };
    return {
      ...record,
      attributes: { ...record.attributes, note: `Wrote from user${index}@mail.example.de at 10.${index % 250}.${(index >> 8) % 250}.7 about the invoice` },
    };
  });
}

const transform: BenchCase = {
  name: 'transform',
  async run() {
    const text = validBatchText();
    const events = JSON.parse(text) as unknown[];
    const personal = withPersonalData(events);
    const pseudonyms = pseudonymsWithKey(new Uint8Array(32).fill(9));
    const now = new Date('2026-11-24T10:00:00Z');
    const lines: BenchLine[] = [
      withParseGoal(
        measureBesideParse(
          'shift-times-100k',
          text,
          () => checked(shiftTimes(events, { anchor: 'latest', to: 'now', timeZone: TIME_ZONE, now })),
          { events: EVENTS },
          5,
        ),
        2,
      ),
      measureBesideParse(
        'spread-times-100k',
        text,
        () => checked(spreadTimes(events, { from: '2026-11-20 00:00:00', to: '2026-11-20 23:59:59', timeZone: TIME_ZONE })),
        { events: EVENTS },
        5,
      ),
      measureBesideParse('set-field-100k', text, () => checked(setField(events, { path: 'attributes.plan', value: 'team' })), { events: EVENTS }),
    ];
    // Pseudonymize as the app runs it: the page lists the values and puts the replacements in
    // (pure, in shared/), main makes the replacements with its key (one HMAC per distinct value).
    // The bench batch is the worst case: every event has its own customer and device.
    const listed = personalValues(personal, { fields: [] });
    if (!listed.ok) throw new Error(listed.message);
    const replacements = replacementsOf(listed.values, pseudonyms.replacements(listed.values));
    const values = { events: EVENTS, values: listed.values.length };
    lines.push(
      withParseGoal(
        measureBesideParse(
          'pseudonymize-100k-list-and-replace',
          text,
          () => [personalValues(personal, { fields: [] }), checked(pseudonymize(personal, { fields: [], replacements }))],
          values,
          5,
        ),
        4,
      ),
      measureBesideParse('pseudonymize-100k-hmac', text, () => pseudonyms.replacements(listed.values), values, 5),
    );
    return lines;
  },
};
export default transform;
