import { useEffect, useRef, type ReactNode } from 'react';

/** A native modal dialog: focus trapped, Escape closes, the page behind is inert. */
export function Modal({ open, onClose, labelledBy, className, children }: { open: boolean; onClose: () => void; labelledBy: string; className?: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
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
      <button type="submit" autoFocus>
        Close
      </button>
    </form>
  );
}
