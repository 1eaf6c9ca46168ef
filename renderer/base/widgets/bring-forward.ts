import { useUi, type Screen } from '../state/ui.ts';

/** Shows a screen, then focuses one of its controls on the next frame: a hidden control cannot take the focus. */
export function bringForward(screen: Screen, control: HTMLElement | null, then?: () => void): void {
  useUi.getState().show(screen);
  requestAnimationFrame(() => {
    control?.focus();
    then?.();
  });
}
