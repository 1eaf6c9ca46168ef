// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Modal } from '../../../renderer/base/widgets/Modal.tsx';
import { stubBrowser } from '../app-harness.tsx';

beforeAll(stubBrowser);
afterEach(cleanup);

/** A page with a button that opens a dialog, as most of the app's dialogs are: the owner renders it while open. */
function Page({ mounted = false }: { mounted?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Modal open={open} onClose={() => setOpen(false)} labelledBy="t">
      <h2 id="t">Settings</h2>
      <input aria-label="Name" data-autofocus />
      <button type="button" onClick={() => setOpen(false)}>
        Done
      </button>
      <fieldset>
        <label>
          <input type="radio" name="unit" value="h" defaultChecked /> Hours
        </label>
        <label>
          <input type="radio" name="unit" value="d" /> Days
        </label>
      </fieldset>
      <p hidden>
        <button type="button">Hidden</button>
      </p>
      <button type="button" disabled>
        Disabled
      </button>
    </Modal>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <button type="button">Elsewhere</button>
      {mounted ? dialog : open && dialog}
    </>
  );
}

const tab = (shiftKey = false) => act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey }));
const named = (name: string) => screen.getByRole('button', { name });

function open(): void {
  act(() => named('Open settings').focus());
  act(() => named('Open settings').click());
}

describe('a modal dialog', () => {
  it('keeps Tab inside: from the last stop to the first, Shift+Tab from the first to the last, and leaves the rest to the browser', () => {
    render(<Page />);
    open();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    // The last stop is the radio group's checked button: the other one, the hidden and the disabled button are no stops.
    const hours = screen.getByRole('radio', { name: 'Hours' });
    act(() => hours.focus());
    tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    tab(true);
    expect(document.activeElement).toBe(hours);
    const inBetween = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    act(() => void named('Done').dispatchEvent(inBetween));
    expect(inBetween.defaultPrevented).toBe(false);
  });

  it('gives the focus back to what had it when the dialog goes away with its owner', () => {
    render(<Page />);
    open();
    act(() => named('Done').click());
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(named('Open settings'));
  });

  it('gives the focus back when a dialog that stays mounted closes', () => {
    render(<Page mounted />);
    open();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    act(() => named('Done').click());
    expect(document.activeElement).toBe(named('Open settings'));
  });

  it('leaves the focus where something else put it after the dialog closed', () => {
    render(<Page />);
    open();
    act(() => named('Done').click());
    act(() => named('Elsewhere').focus());
    open();
    act(() => named('Elsewhere').focus());
    act(() => named('Done').click());
    expect(document.activeElement).toBe(named('Elsewhere'));
  });

  it('closes on the dialog’s close event (Escape) and still gives the focus back', () => {
    render(<Page />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    act(() => void fireEvent(dialog, new Event('close')));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(named('Open settings'));
  });
});
