import { useId, useRef, useState } from 'react';
import type { EnvironmentView } from '../../../features/environments/common/environment.ts';
import { plural } from '../../../base/common/plural.ts';
import { GENERATE_LIMIT } from '../../../features/environments/common/templates.ts';
import { batchModel } from '../../monaco/batch-models.ts';
import type { Batch } from '../../base/state/composer.ts';
import { useNotices } from '../../base/state/ui.ts';
import { insertEventsAfter } from './event-operations.ts';
import type { EventRecord } from './event-problems.ts';
import { copiesOf } from './templating.ts';

/** Fields a copy can number, `{{$seq}}` after its value, and how the choice reads (not "customer_id": the form's own field has that name). */
const NUMBERED = [
  ['token', 'the token'],
  ['customer_id', 'the customer'],
] as const;

/** What is wrong with `count` as a number of copies (empty, 0, negative, a fraction, too many), or null. */
function countProblem(count: string): string | null {
  const n = Number(count);
  if (count.trim() !== '' && Number.isInteger(n) && n >= GENERATE_LIMIT.min && n <= GENERATE_LIMIT.max) return null;
  return `Type a whole number of copies from ${GENERATE_LIMIT.min} to ${GENERATE_LIMIT.max.toLocaleString('en')}.`;
}

/**
 * "Generate N copies of this event": the copies go right after it in the same batch, as one
 * edit that Ctrl/Cmd+Z undoes, each with its templates resolved on its own. A new device per copy
 * (`{{$uuid}}`, on by default) or a number after a field (`{{$seq}}`) keeps them from being
 * duplicates of each other and of the event. Folded away under the form's fields until asked
 * for: it is used now and then, and the fields are what the form is for.
 */
export function GenerateCopies({ batch, index, event, environment }: { batch: Batch; index: number; event: EventRecord; environment: EnvironmentView | null }) {
  const notify = useNotices((state) => state.notify);
  const [count, setCount] = useState('10');
  const [uniqueDevice, setUniqueDevice] = useState(true);
  const [numbered, setNumbered] = useState<ReadonlySet<string>>(new Set());
  // Said beside the field once Generate was pressed, and kept up to date as the count is retyped.
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const generate = () => {
    const n = Number(count);
    const wrong = countProblem(count);
    setProblem(wrong);
    if (wrong) {
      field.current?.focus();
      return;
    }
    const result = copiesOf(event, n, { uniqueDevice, numbered: [...numbered] }, environment);
    if ('problems' in result) notify('error', `Event ${index + 1} cannot be copied: ${result.problems.join(' ')}`);
    else if (insertEventsAfter({ model: batchModel(batch.id), batchId: batch.id }, index, result.events))
      notify('info', `Added ${plural(n, 'copy', 'copies')} of event ${index + 1} after it. Ctrl/Cmd+Z undoes it.`);
  };
  const toggle = (field: string, on: boolean) =>
    setNumbered((current) => {
      const next = new Set(current);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });
  return (
    <details className="generate">
      <summary>Generate copies of this event…</summary>
      <label>
        Generate
        <input
          ref={field}
          type="number"
          min={GENERATE_LIMIT.min}
          max={GENERATE_LIMIT.max}
          value={count}
          onChange={(change) => {
            setCount(change.target.value);
            if (problem) setProblem(countProblem(change.target.value));
          }}
          onKeyDown={(key) => key.key === 'Enter' && generate()}
          aria-label="How many copies to generate"
          {...(problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {})}
        />
        copies of this event after it
      </label>
      {problem && (
        <p id={problemId} className="field-problems generate-problem">
          <span className="error">{problem}</span>
        </p>
      )}
      <label>
        <input type="checkbox" checked={uniqueDevice} onChange={(change) => setUniqueDevice(change.target.checked)} />a new device_id per copy ({'{{$uuid}}'})
      </label>
      {NUMBERED.map(([field, name]) => (
        <label key={field}>
          <input type="checkbox" checked={numbered.has(field)} onChange={(change) => toggle(field, change.target.checked)} />
          number {name} ({'{{$seq}}'})
        </label>
      ))}
      <button type="button" className="small" onClick={generate}>
        Generate copies
      </button>
    </details>
  );
}
