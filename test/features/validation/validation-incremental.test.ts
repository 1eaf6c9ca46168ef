import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';
import { validateBatch, type ValidationRules } from '../../../features/validation/common/validation.ts';
import { createIncrementalValidator, type ContentChange } from '../../../features/validation/common/incremental.ts';
import { RULES, validEvent } from './validation-support.ts';

/** When the incremental validator answers from what it kept, and when it reads the whole text again. */

const text = JSON.stringify([validEvent({ token: 'first' }), validEvent({ token: 'second' }), validEvent({ token: 'third' })], null, 2);

function at(source: string, needle: string, shift = 0): number {
  const offset = source.indexOf(needle);
  if (offset < 0) throw new Error(`No ${needle} in the text`);
  return offset + shift;
}

function insert(offset: number, inserted: string): ContentChange {
  return { rangeOffset: offset, rangeLength: 0, text: inserted };
}

/**
 * The validator after a full run of `start`, and a way to edit it that checks each answer
 * against a full run; offsets are in the text as the edits before left it.
 */
function editing(start: string, rules: ValidationRules = RULES) {
  const validator = createIncrementalValidator();
  let current = start;
  validator.full(current, rules);
  return (changes: ContentChange[] | ((text: string) => ContentChange[]), newRules: ValidationRules = rules) => {
    if (typeof changes === 'function') changes = changes(current);
    current = changes.reduce(
      (result, change) => result.slice(0, change.rangeOffset) + change.text + result.slice(change.rangeOffset + change.rangeLength),
      current,
    );
    const answer = validator.edit(changes, newRules);
    const full = validateBatch(current, newRules);
    expect(answer.diagnostics).toEqual(full.diagnostics);
    expect(answer.eventCount).toBe(full.events?.length ?? null);
    return answer;
  };
}

describe('incremental validation', () => {
  it('answers an edit inside one event from what it kept', () => {
    const edit = editing(text);
    const answer = edit([{ rangeOffset: at(text, '"svc_id": 12', 10), rangeLength: 2, text: '"12"' }]);
    expect(answer).toMatchObject({ full: false, eventCount: 3 });
    expect(answer.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([['service-id-not-integer', '/0/svc_id']]);
  });

  it('finds the event an edit makes the same as another, and forgets it when it changes again', () => {
    const edit = editing(text);
    const secondToken = at(text, '"second"', 1);
    expect(edit([{ rangeOffset: secondToken, rangeLength: 6, text: 'first' }])).toMatchObject({
      full: false,
      diagnostics: [{ code: 'duplicate-event', path: '/1' }],
    });
    expect(edit([{ rangeOffset: secondToken, rangeLength: 5, text: 'other' }])).toMatchObject({ full: false, diagnostics: [] });
  });

  it('says where the JSON breaks while an event is not JSON, and answers from what it kept once it is again', () => {
    const edit = editing(text);
    const inToken = at(text, '"second"', 3);
    expect(edit([insert(inToken, '"')])).toMatchObject({ full: false, eventCount: null, diagnostics: [{ code: 'not-json' }] });
    // Another event edited meanwhile is checked too, and shown once the JSON is whole again.
    edit((current) => [insert(at(current, '"third"', 1), 'x')]);
    expect(edit([{ rangeOffset: inToken, rangeLength: 1, text: '' }])).toMatchObject({ full: false, eventCount: 3, diagnostics: [] });
  });

  it('reads the whole text again after an edit that reaches past one event', () => {
    const edit = editing(text);
    const afterFirst = at(text, '\n  },', 4);
    expect(edit([insert(afterFirst, `,${JSON.stringify(validEvent({ svc_id: 'x' }))}`)])).toMatchObject({ full: true, eventCount: 4 });
    // The spans are those of the new text: the next edit inside an event is incremental again.
    expect(edit([insert(afterFirst + 15, 'y')])).toMatchObject({ full: false, eventCount: 4 });
  });

  it('reads the whole text again when the rules change', () => {
    const edit = editing(JSON.stringify([validEvent({ extra: 1 })]));
    const answer = edit([], { ...RULES, severity: { ...RULES.severity, 'unknown-field': 'off' } });
    expect(answer).toMatchObject({ full: true, diagnostics: [] });
  });

  it('reads the whole text when it has none yet, or the last was no batch', () => {
    const validator = createIncrementalValidator();
    expect(validator.edit([insert(0, '[]')], RULES)).toMatchObject({ full: true, eventCount: 0, diagnostics: [{ code: 'empty-batch' }] });
    expect(validator.edit([insert(1, JSON.stringify(validEvent()))], RULES)).toMatchObject({ full: true, eventCount: 1, diagnostics: [] });
  });

  it('reads the whole text again when an edit touches the byte order mark', () => {
    const edit = editing(`\uFEFF${text}`);
    expect(edit([insert(at(text, '"first"', 3) + 1, 'x')])).toMatchObject({ full: false });
    expect(edit([{ rangeOffset: 0, rangeLength: 1, text: '' }])).toMatchObject({ full: true, eventCount: 3 });
  });

  it('reads the whole text again when an edited event nests too deep', () => {
    const edit = editing(text);
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(edit([{ rangeOffset: at(text, '"first"'), rangeLength: 7, text: deep }])).toMatchObject({ full: true, diagnostics: [{ code: 'json-too-deep' }] });
  });

  it('puts a level too deep before a later event that is not JSON, as a full scan finds them', () => {
    const wide = JSON.stringify([validEvent(), validEvent({ token: 'b' })], null, 2);
    const edit = editing(wide);
    edit([insert(at(wide, '"b"', 1), '"')]);
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(edit([{ rangeOffset: at(wide, '"tok_1"'), rangeLength: 7, text: deep }])).toMatchObject({ full: false, diagnostics: [{ code: 'json-too-deep' }] });
  });

  it('checks again, as time passes, only what a later now changes', () => {
    const soon = JSON.stringify([validEvent({ created_at: '2026-06-01 12:08:00' })], null, 2);
    const edit = editing(soon);
    expect(edit([], { ...RULES, now: new Date('2026-06-01T12:02:00Z') })).toMatchObject({ full: false, diagnostics: [{ code: 'created-at-future' }] });
    expect(edit([], { ...RULES, now: new Date('2026-06-01T12:04:00Z') })).toMatchObject({ full: false, diagnostics: [] });
  });
});
