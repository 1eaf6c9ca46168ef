import type { ComponentProps, Ref } from 'react';
import './filter-input.css';

/** What the filter language looks like, for every box that takes it. */
export const FILTER_PLACEHOLDER = 'customer_id = cust-7781, attributes.plan exists, text…';

/**
 * A box taking the composer's filter language (the composer's event list, the Sandbox tab's
 * Events view): the same example, Escape clears it, and an expression it cannot read marks it
 * invalid, the reason in the status it names (FilterStatus).
 */
export function FilterInput({
  label,
  value,
  onChange,
  invalid,
  statusId,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  statusId: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={inputRef}
      type="search"
      className="filter-input"
      aria-label={label}
      placeholder={FILTER_PLACEHOLDER}
      value={value}
      onChange={(change) => onChange(change.target.value)}
      onKeyDown={(key) => {
        if (key.key === 'Escape') {
          key.preventDefault();
          onChange('');
        }
      }}
      aria-describedby={statusId}
      {...(invalid ? { 'aria-invalid': true } : {})}
      spellCheck={false}
    />
  );
}

/** What a filter matches, or why it cannot be read (`problem`), told as it changes. */
export function FilterStatus({ problem, className, ...rest }: ComponentProps<'p'> & { problem: boolean }) {
  return <p {...rest} className={`filter-status ${problem ? 'problem' : 'muted'}${className ? ` ${className}` : ''}`} aria-live="polite" />;
}
