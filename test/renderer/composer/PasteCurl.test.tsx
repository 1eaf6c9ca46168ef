// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchText } from '../../../renderer/base/state/batch-text.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useNotices } from '../../../renderer/base/state/ui.ts';
import { stubBrowser } from '../app-harness.tsx';
import { renderImportExport } from './import-export.tsx';

beforeEach(() => {
  stubBrowser();
  useComposer.setState(useComposer.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
  renderImportExport();
});

afterEach(cleanup);

function paste(command: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Paste cURL…' }));
  fireEvent.change(screen.getByLabelText('cURL command'), { target: { value: command } });
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
}

const dialogOpen = () => document.querySelector('dialog[aria-labelledby="paste-title"]')!.hasAttribute('open');

describe('Paste cURL', () => {
  it.each([
    ['curl \'https://h/user/events\' --data-raw \'[{"token":"a"}]', "The command cannot be read as bash: a '…' quote is not closed."],
    ['[{"token":"a"}]', 'This is not a cURL command: it should start with curl.'],
    ['curl https://h/user/events', 'The command sends no body (-d, --data, --data-raw), so it holds no events.'],
  ])('keeps the dialog open with %j as pasted, and says once, beside it, what is wrong', (command, message) => {
    paste(command);
    expect(dialogOpen()).toBe(true);
    const field = screen.getByLabelText('cURL command');
    expect((field as HTMLTextAreaElement).value).toBe(command);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(field);
    // Said in the dialog, not again in a notice, and nothing was opened.
    expect(useNotices.getState().notices).toEqual([]);
    expect(useComposer.getState().batches).toEqual([]);
  });

  it('clears what was wrong as the command is edited, and imports it once it reads', () => {
    paste('curl https://h/user/events');
    fireEvent.change(screen.getByLabelText('cURL command'), { target: { value: `curl https://h/user/events --data-raw '[{"token":"from-curl"}]'` } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(dialogOpen()).toBe(false);
    const [batch] = useComposer.getState().batches;
    expect(batch?.name).toBe('pasted cURL command');
    expect(batchText(batch!.id)).toContain('from-curl');
  });
});
