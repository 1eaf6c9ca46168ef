const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/** Hidden, inert, disabled or in a closed <details>: Tab passes it by. */
function skipped(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.closest('[hidden], [inert]')) return true;
  if ((element as HTMLButtonElement).disabled || element.closest('fieldset:disabled')) return true;
  if (element instanceof HTMLInputElement && element.type === 'hidden') return true;
  const details = element.parentElement?.closest('details');
  if (details && !details.open && !(element.localName === 'summary' && element.parentElement === details)) return true;
  // Layout knows about display: none and visibility: hidden (jsdom has no layout, and no checkVisibility).
  return typeof element.checkVisibility === 'function' && !element.checkVisibility({ visibilityProperty: true });
}

/**
 * The elements inside `root` that Tab stops at, in document order. Of a group of radio buttons
 * only one is a stop: the checked one, or the first.
 */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const stops = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !skipped(element));
  return stops.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = stops.filter(
      (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name,
    );
    return element === (group.find((radio) => radio.checked) ?? group[0]);
  });
}
