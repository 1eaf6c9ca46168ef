import { useRef, type KeyboardEvent } from 'react';

/** The id of the tab for `option` in the switch that shows the panel `panel`: what the panel is labelled by. */
export function tabIdOf(panel: string, option: string): string {
  return `${panel}-tab-${option}`;
}

/** Where an arrow key, Home or End moves from option `at` of `count` (a radio group also takes ↑ and ↓), or null for any other key. */
function movedTo(key: string, at: number, count: number, vertical: boolean): number | null {
  if (key === 'ArrowRight' || (vertical && key === 'ArrowDown')) return (at + 1) % count;
  if (key === 'ArrowLeft' || (vertical && key === 'ArrowUp')) return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

type Shows = { panel?: string; choice?: never } | { choice: true; panel?: never };

/**
 * A row of mutually exclusive views (JSON or Form, Requests or Responses), as tabs in the WAI-ARIA
 * pattern: one stop for Tab (the chosen tab), the arrow keys, Home and End choose and focus
 * another. With `panel`, the id of the one tabpanel the tabs show, each tab controls it and the
 * panel is labelled by the chosen tab (`tabIdOf`). With `choice`, for a setting of the same view
 * (Hours or Days of one chart), the row is a radio group instead, with the same keys.
 */
export function ViewSwitch<T extends string>({
  label,
  options,
  value,
  onChange,
  small,
  panel,
  choice,
}: { label: string; options: readonly (readonly [T, string])[]; value: T; onChange: (value: T) => void; small?: boolean } & Shows) {
  const tabs = useRef<HTMLSpanElement>(null);
  const role = choice ? 'radio' : 'tab';
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = options.findIndex(([option]) => option === event.currentTarget.dataset.option);
    const next = movedTo(event.key, at, options.length, Boolean(choice));
    if (next === null) return;
    event.preventDefault();
    tabs.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
    onChange(options[next]![0]);
  };
  return (
    <span className="view-switch" role={choice ? 'radiogroup' : 'tablist'} aria-label={label} ref={tabs}>
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          role={role}
          className={small ? 'small' : undefined}
          {...(choice ? { 'aria-checked': value === option } : { 'aria-selected': value === option })}
          tabIndex={value === option ? 0 : -1}
          data-option={option}
          {...(panel ? { id: tabIdOf(panel, option), 'aria-controls': panel } : {})}
          onClick={() => onChange(option)}
          onKeyDown={onKeyDown}
        >
          {text}
        </button>
      ))}
    </span>
  );
}
