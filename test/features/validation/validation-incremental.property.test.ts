import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../base/common/datetime.ts';
import { validateBatch, type Diagnostic, type ValidationRules } from '../../../features/validation/common/validation.ts';
import { createIncrementalValidator } from '../../../features/validation/common/incremental.ts';
import { applied, changesOf, layout, step, write } from './incremental-edits.ts';
import { NOW, RULES, validEvent } from './validation-support.ts';

/**
 * The incremental validator against validateBatch: after any sequence of edits, its answer is
 * exactly a full run's on the text as edited. The edits are the editor's: typing inside a
 * value, typing anywhere, breaking the JSON and repairing it, copying and deleting events.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A new device_id's quick fix generates a UUID: two runs never agree on it. */
function comparable(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  return diagnostics.map((diagnostic) =>
    diagnostic.fix
      ? {
          ...diagnostic,
          fix: {
            title: diagnostic.fix.title.replace(uuid, 'UUID'),
            edits: diagnostic.fix.edits.map((edit) => ({ ...edit, text: edit.text.replace(uuid, 'UUID') })),
          },
        }
      : diagnostic,
  );
}

function expectFullRun(answer: { diagnostics: Diagnostic[]; eventCount: number | null }, text: string, rules: ValidationRules): void {
  const result = validateBatch(text, rules);
  expect(comparable(answer.diagnostics)).toEqual(comparable(result.diagnostics));
  expect(answer.eventCount).toBe(result.events?.length ?? null);
}

const wallClock = (offset: number) => formatDateTime(new Date(NOW.getTime() + offset), RULES.timeZone);

/** Events valid and not, created_at near now and near the oldest allowed, so a moving now changes verdicts. */
const event = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        token: fc.constantFrom('t1', 't2', 'a"b', 'é\\n'),
        created_at: fc.integer({ min: -10, max: 10 }).map((minutes) => wallClock(minutes * MINUTE)),
      })
      .map((fields) => validEvent(fields)),
  },
  fc.constant(validEvent({ created_at: wallClock(-365 * DAY + MINUTE) })),
  fc.constant(validEvent({ svc_id: '12' })),
  fc.constant(validEvent({ device_id: 'no' })),
  fc.constant(validEvent({ attributes: { plan: 12.5, plan2: 'x' } })),
  fc.constant(validEvent({ extra: true, created_at: '2026-05-31T09:30:00Z' })),
  fc.constant({ token: 't' }),
  fc.constant([1, 2]),
);

describe('incremental validation, by property', () => {
  it('answers every edit exactly as a full run of the edited text', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 6 }), layout, fc.array(step, { minLength: 1, maxLength: 8 }), (batch, how, steps) => {
        const validator = createIncrementalValidator();
        let text = write(batch, how);
        expectFullRun(validator.full(text, RULES), text, RULES);
        for (const edit of steps) {
          for (const changes of changesOf(text, edit)) {
            text = applied(text, changes);
            expectFullRun(validator.edit(changes, RULES), text, RULES);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers as a full run while time passes between edits', () => {
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 6 }),
        layout,
        fc.array(fc.tuple(step, fc.integer({ min: 0, max: 4 * MINUTE })), { minLength: 1, maxLength: 6 }),
        (batch, how, steps) => {
          const validator = createIncrementalValidator();
          let text = write(batch, how);
          let rules: ValidationRules = RULES;
          validator.full(text, rules);
          for (const [edit, wait] of steps) {
            rules = { ...rules, now: new Date(rules.now.getTime() + wait) };
            for (const changes of changesOf(text, edit)) {
              text = applied(text, changes);
              expectFullRun(validator.edit(changes, rules), text, rules);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
