import { useState } from 'react';
import type { EnvironmentView } from '../../shared/environment.ts';
import { GENERATE_LIMIT } from '../../shared/templates.ts';
import { useComposer, type Batch } from '../state/composer.ts';
import { useNotices } from '../state/ui.ts';
import type { EventRecord } from './event-problems.ts';
import { copiesOf } from './templating.ts';
/** "Generate N events from this one": each copy has its templates resolved on its own; the result opens as a new batch. */
export function GenerateCopies({ batch, index, event, environment }: { batch: Batch; index: number; event: EventRecord; environment: EnvironmentView | null }) {
  const open = useComposer((state) => state.open);
  const notify = useNotices((state) => state.notify);
  const [count, setCount] = useState('100');
  const generate = () => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < GENERATE_LIMIT.min || n > GENERATE_LIMIT.max) {
      notify('error', `Generate from ${GENERATE_LIMIT.min} to ${GENERATE_LIMIT.max.toLocaleString('en')} events.`);
      return;
    }
    const result = copiesOf(event, n, environment);
    if ('problems' in result) notify('error', `Event ${index + 1} cannot be copied: ${result.problems.join(' ')}`);
    else open({ name: `${batch.name} · ${n} × event ${index + 1}`, text: result.text });
  };
  return (
    <div className="generate">
      <label>
        Generate
        <input type="number" min={GENERATE_LIMIT.min} max={GENERATE_LIMIT.max} value={count} onChange={(change) => setCount(change.target.value)} aria-label="How many events to generate" />
        events from this one
      </label>
      <button type="button" className="small" onClick={generate}>
        Generate copies
      </button>
    </div>
  );
}
