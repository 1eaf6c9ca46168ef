import { useRef, type KeyboardEvent } from 'react';

/** The id of the tab for `option` in the switch that shows the panel `panel`: what the panel is labelled by. */
export function tabIdOf(panel: string, option: string): string {
  return `${panel}-tab-${option}`;
}

/** Where an arrow key, Home or End moves from tab `at` of `count`, or null for any other key. */
function movedTo(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A row of mutually exclusive views (JSON or Form, Requests or Responses, Hours or Days), as tabs
 * in the WAI-ARIA pattern: one stop for Tab (the chosen tab), the arrow keys, Home and End choose
 * and focus another. With `panel`, the id of the one tabpanel the tabs show, each tab controls it
 * and the panel is labelled by the chosen tab (`tabIdOf`).
 */
export function ViewSwitch<T extends string>({ label, options, value, onChange, small, panel }: { label: string; options: readonly (readonly [T, string])[]; value: T; onChange: (value: T) => void; small?: boolean; panel?: string }) {
  const tabs = useRef<HTMLSpanElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = options.findIndex(([option]) => option === event.currentTarget.dataset.option);
    const next = movedTo(event.key, at, options.length);
    if (next === null) return;
    event.preventDefault();
    tabs.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
    onChange(options[next]![0]);
  };
  return (
    <span className="view-switch" role="tablist" aria-label={label} ref={tabs}>
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          role="tab"
          className={small ? 'small' : undefined}
          aria-selected={value === option}
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
