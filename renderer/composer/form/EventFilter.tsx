import { useId, type Ref } from 'react';
import { plural } from '../../../base/common/plural.ts';
import { FilterInput, FilterStatus } from '../../base/widgets/FilterInput.tsx';
import type { FilterState } from './event-filter.ts';

/**
 * The filter box above the event list: what it matches, or why it cannot read the expression,
 * and what to do with the matching events. Nothing changes the text until a button is pressed.
 */
export function EventFilter({
  expression,
  onChange,
  state,
  total,
  inputRef,
  onSelect,
  onKeep,
  onDelete,
}: {
  expression: string;
  onChange: (expression: string) => void;
  state: FilterState;
  total: number;
  inputRef: Ref<HTMLInputElement>;
  onSelect: () => void;
  onKeep: () => void;
  onDelete: () => void;
}) {
  const statusId = useId();
  const matches = state.kind === 'matched' ? state.matches.length : null;
  const act = matches !== null && matches > 0;
  return (
    <div className="event-filter" role="search" aria-label="Filter events">
      <FilterInput label="Filter events" value={expression} onChange={onChange} invalid={state.kind === 'invalid'} statusId={statusId} inputRef={inputRef} />
      <FilterStatus id={statusId} problem={state.kind === 'invalid'}>
        {state.kind === 'invalid' && `Column ${state.column}: ${state.message}`}
        {state.kind === 'matching' && 'Filtering…'}
        {matches !== null && `${matches.toLocaleString('en')} of ${plural(total, 'event')} ${matches === 1 ? 'matches' : 'match'}`}
        {state.kind === 'none' && 'A field (created_at >= 2026-11-20, attributes.plan exists) or any text'}
      </FilterStatus>
      {matches !== null && (
        <div className="filter-actions">
          <button type="button" className="small" onClick={onSelect} disabled={!act}>
            Select matching
          </button>
          <button type="button" className="small" onClick={onKeep} disabled={!act || matches === total}>
            Keep only matching
          </button>
          <button type="button" className="small" onClick={onDelete} disabled={!act}>
            Delete matching
          </button>
        </div>
      )}
    </div>
  );
}
