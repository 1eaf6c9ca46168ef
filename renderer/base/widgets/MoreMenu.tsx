import { useEffect, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Puts controls used now and then into the toolbar's More panel when there is one, else leaves
 * them where they are (a component rendered on its own, as in its tests).
 */
export function InMore({ panel, children }: { panel: HTMLElement | null; children: ReactNode }) {
  return panel ? createPortal(children, panel) : children;
}

/**
 * "More": the batch toolbar's controls used now and then, in a popover under the button, so the
 * toolbar keeps to one line at 1320 px. Components portal their controls into the panel (InMore)
 * and keep their dialogs in the toolbar, so the panel closing never closes what it opened. Using
 * a control closes the panel, as Escape and a click elsewhere do; Tab goes from the button into it.
 */
export function MoreMenu({ onPanel }: { onPanel: (panel: HTMLElement | null) => void }) {
  const id = useId();
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    onPanel(panel);
    if (!panel) return;
    // Native listeners: a portal's React events bubble to the component that rendered it, not to this panel.
    const used = (event: Event) => {
      if (event.type === 'change' || (event.target instanceof Element && event.target.closest('button'))) panel.hidePopover();
    };
    panel.addEventListener('click', used);
    panel.addEventListener('change', used);
    return () => {
      panel.removeEventListener('click', used);
      panel.removeEventListener('change', used);
    };
  }, [panel, onPanel]);
  return (
    <>
      <button type="button" className="small more-button" popoverTarget={id} title="Save as, recent files, paste cURL, preview, export and format">
        More<span aria-hidden="true"> ▾</span>
      </button>
      <div id={id} ref={setPanel} popover="auto" className="more-panel" role="group" aria-label="More batch actions" />
    </>
  );
}
