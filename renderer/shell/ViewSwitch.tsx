/** A row of mutually exclusive views (JSON or Form, Requests or Responses, Hours or Days), as tabs. */
export function ViewSwitch<T extends string>({ label, options, value, onChange, small }: { label: string; options: readonly (readonly [T, string])[]; value: T; onChange: (value: T) => void; small?: boolean }) {
  return (
    <span className="view-switch" role="tablist" aria-label={label}>
      {options.map(([option, text]) => (
        <button key={option} type="button" role="tab" className={small ? 'small' : undefined} aria-selected={value === option} onClick={() => onChange(option)}>
          {text}
        </button>
      ))}
    </span>
  );
}
