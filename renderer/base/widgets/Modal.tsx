import { useEffect, useEffectEvent, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabbables } from './tabbable.ts';
import { useHelp } from '../state/help.ts';

/** Tab from the last stop goes to the first, Shift+Tab from the first to the last: the keyboard stays in the dialog. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  // An editor that takes Tab itself (Monaco indents) has prevented it already.
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const from = event.target as Element;
  // A dialog opened from inside another one keeps its own keys.
  if (from.closest('dialog') !== event.currentTarget) return;
  const stops = tabbables(event.currentTarget);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const before = (element: Element, than: Element) => Boolean(than.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING);
  const wrapTo = event.shiftKey ? (from === first || before(from, first) ? last : null) : from === last || before(last, from) ? first : null;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}

/**
 * A native modal dialog: Escape closes, the page behind is inert, Tab and Shift+Tab cycle inside
 * it, and on closing the focus goes back to where it was before the dialog opened (if that is
 * still there and nothing else took the focus meanwhile). Focus starts on the element marked
 * `data-autofocus` (React's autoFocus runs while the dialog is still closed, and showModal would
 * then pick the first focusable element instead).
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  role,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  /** `alertdialog` for a question that interrupts, as the app's confirmations do. */
  role?: 'alertdialog';
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The browser's own return of focus comes with close() only, not when the dialog goes away with its owner.
  const returnFocus = (element: HTMLDialogElement) => {
    const to = opener.current;
    opener.current = null;
    const now = document.activeElement;
    const unclaimed = !now || now === document.body || element.contains(now);
    if (to?.isConnected && unclaimed) to.focus();
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (open) return;
    if (element.open) element.close();
    returnFocus(element);
  }, [open]);
  useEffect(() => {
    const element = dialog.current;
    return () => {
      if (element) returnFocus(element);
    };
  }, []);
  // Help opened from inside the dialog (an error's "How to fix this") is read in the window, which
  // the dialog keeps inert: the dialog gives way, as a Cancel would.
  const giveWay = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!open) return;
    return useHelp.subscribe((state, before) => {
      if (state.visit !== before.visit) giveWay();
    });
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={`modal ${className ?? ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      role={role}
      onClose={onClose}
      onKeyDown={keepTabInside}
    >
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
