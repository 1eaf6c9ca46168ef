/** Moves the keyboard to the composer's Problems list, on its first problem; false when it lists none. */
export function focusProblems(): boolean {
  const first = document.querySelector<HTMLElement>('section.problems .problem-list button');
  if (!first) return false;
  first.scrollIntoView({ block: 'nearest' });
  first.focus();
  return true;
}
