import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A native modal dialog: focus trapped, Escape closes, the page behind is inert. Focus starts on
 * the element marked `data-autofocus` (React's autoFocus runs while the dialog is still closed,
 * and showModal would then pick the first focusable element instead).
 */
export function Modal({ open, onClose, labelledBy, className, children }: { open: boolean; onClose: () => void; labelledBy: string; className?: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className={`modal ${className ?? ''}`} aria-labelledby={labelledBy} onClose={onClose}>
      {open && children}
    </dialog>
  );
}

/** The button that closes the dialog it sits in, focused first: for dialogs that only show something. */
export function CloseButton() {
  return (
    <form method="dialog">
      <button type="submit" data-autofocus>
        Close
      </button>
    </form>
  );
}
