// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { GUIDE_START, useHelp } from '../../../renderer/base/state/help.ts';
import { useUi } from '../../../renderer/base/state/ui.ts';
import { ErrorNotice } from '../../../renderer/base/widgets/ErrorNotice.tsx';
import { Modal } from '../../../renderer/base/widgets/Modal.tsx';
import { HelpScreen } from '../../../renderer/help/HelpScreen.tsx';
import { stubBrowser } from '../app-harness.tsx';

beforeAll(stubBrowser);

beforeEach(() => {
  // jsdom lays nothing out, so it has no scrolling to do.
  Element.prototype.scrollIntoView = vi.fn();
  useHelp.setState({ place: GUIDE_START, back: [], query: '', visit: 0 });
  useUi.setState({ screen: 'composer' });
});
afterEach(cleanup);

describe('an error notice', () => {
  it('offers the guide section that mends its error, and opens Help there', () => {
    render(<ErrorNotice title="The sandbox did not start" error={new AppError('sandbox-port-taken', 'Port 4797 is in use by another program.')} />);
    fireEvent.click(screen.getByRole('button', { name: 'How to fix this' }));
    expect(useUi.getState().screen).toBe('help');
    expect(useHelp.getState().place).toEqual({ page: 'guide/troubleshooting.md', anchor: 'port-in-use' });
  });

  it('in a dialog, closes the dialog as it opens Help, which the dialog would keep out of reach', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} labelledBy="login-title">
        <h2 id="login-title">Log in to Staging</h2>
        <ErrorNotice title="Could not log in" error={new AppError('wrong-credentials', 'The server refused the username or password (HTTP 401).')} />
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'How to fix this' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(useHelp.getState().place).toEqual({ page: 'guide/troubleshooting.md', anchor: 'the-login-is-refused' });
  });

  it('offers nothing for an error the guide has no section for', () => {
    render(<ErrorNotice title="Could not save" error={new AppError('draft-id', 'A draft id holds other characters.')} />);
    expect(screen.queryByRole('button', { name: 'How to fix this' })).toBeNull();
  });
});

describe('the Help screen', () => {
  it('shows the guide, follows its links in the app, and goes back', () => {
    render(<HelpScreen />);
    const article = screen.getByRole('article', { name: 'EventDesk guide' });
    expect(within(article).getByRole('heading', { name: 'EventDesk guide' })).toBeTruthy();
    fireEvent.click(within(article).getByRole('link', { name: 'Troubleshooting' }));
    const troubleshooting = screen.getByRole('article', { name: 'Troubleshooting' });
    expect(within(troubleshooting).getByRole('heading', { name: 'Port in use' }).id).toBe('guide-port-in-use');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('article', { name: 'EventDesk guide' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists its pages, the current one marked', () => {
    render(<HelpScreen />);
    const pages = within(screen.getByRole('navigation', { name: 'Guide pages' })).getAllByRole('button');
    expect(pages.map((page) => page.textContent)).toEqual([
      'EventDesk guide',
      'Composing and validating a batch',
      'Transforming a batch for a reproduction',
      'Sending and resuming',
      'History and compare',
      'Environments and credentials',
      'The sandbox',
      'Capture, forwarding and replay',
      'Tracking plans',
      'Workspaces, scenarios and runs',
      'Keyboard',
      'Troubleshooting',
      'Command reference',
    ]);
    expect(pages[0]!.getAttribute('aria-current')).toBe('page');
    fireEvent.click(pages[12]!);
    expect(screen.getByRole('article', { name: 'Command reference' })).toBeTruthy();
  });

  it('searches every page, opens a hit at its heading, and clears on Escape', () => {
    render(<HelpScreen />);
    const search = screen.getByRole('searchbox', { name: 'Search the guide' });
    fireEvent.change(search, { target: { value: 'port in use' } });
    expect(screen.getByRole('status').textContent).toMatch(/sections? holding “port in use”/);
    fireEvent.click(screen.getAllByRole('button', { name: /Troubleshooting › Port in use/ })[0]!);
    expect(useHelp.getState().place).toEqual({ page: 'guide/troubleshooting.md', anchor: 'port-in-use' });
    expect(document.activeElement?.textContent).toBe('Port in use');

    search.focus();
    fireEvent.change(search, { target: { value: 'xyzzy' } });
    expect(screen.getByRole('status').textContent).toBe('Nothing in the guide holds “xyzzy”');
    fireEvent.keyDown(search, { key: 'Escape' });
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('article', { name: 'Troubleshooting' })).toBeTruthy();
    // The page comes back at its place, and the typing stays in the box.
    expect(document.activeElement).toBe(search);
  });

  it('shows an address outside the guide as text, never as a link', () => {
    useHelp.setState({ place: { page: 'guide/tracking-plans.md', anchor: null } });
    render(<HelpScreen />);
    const article = screen.getByRole('article', { name: 'Tracking plans' });
    expect(article.textContent).toContain('docs/plan.schema.json');
    expect(
      within(article)
        .queryAllByRole('link')
        .every((link) => link.getAttribute('href')?.startsWith('#')),
    ).toBe(true);
  });
});
