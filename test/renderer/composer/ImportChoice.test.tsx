// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useNotices } from '../../../renderer/base/state/ui.ts';
import { stubBrowser } from '../app-harness.tsx';
import { openBatchText, renderImportExport } from './import-export.tsx';

vi.mock('../../../renderer/composer/import/import.worker.ts?worker', () => import('./in-process-import-worker.ts'));

beforeEach(() => {
  stubBrowser();
  useComposer.setState(useComposer.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
});

afterEach(cleanup);

const event = (token: string) => ({
  token,
  customer_id: 'cust-7781',
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  created_at: '2026-11-20 09:00:00',
  svc_id: 1,
  attributes: {},
});
const threeEvents = JSON.stringify([event('a'), event('b'), event('c')]);

/** Chooses a file in Import…; jsdom's File has no text(), so it is what the composer reads of one. */
function choose(name: string, text: string): void {
  const file = { name, size: text.length, text: async () => text } as unknown as File;
  fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file] } });
}

const ndjson = `${JSON.stringify(event('x'))}\n${JSON.stringify(event('y'))}\n`;

describe('importing while a batch with events is open', () => {
  it('asks where the events go, in its own dialog that starts on the choice that changes nothing open', async () => {
    renderImportExport({ target: openBatchText(threeEvents), selectedEvent: () => 1 });
    choose('customer.ndjson', ndjson);
    const dialog = await screen.findByRole('dialog', { name: 'Import 2 events from customer.ndjson' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add to this batch, at the end', 'Add to this batch, after event 2', 'Open as a new batch', 'Cancel']);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Open as a new batch' }));
    expect(useComposer.getState().batches).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Open as a new batch' }));
    expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['customer']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Said once the editor has painted the new batch.
    await waitFor(() => expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['Imported 2 events from customer.ndjson.']));
  });

  it('offers no "after" place when the selected event is the last, or none is selected', async () => {
    renderImportExport({ target: openBatchText(threeEvents), selectedEvent: () => 2 });
    choose('customer.ndjson', ndjson);
    const dialog = await screen.findByRole('dialog', { name: 'Import 2 events from customer.ndjson' });
    expect(within(dialog).queryByRole('button', { name: /after event/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add to this batch, at the end' })).toBeTruthy();
  });

  it('Cancel imports nothing', async () => {
    renderImportExport({ target: openBatchText(threeEvents), selectedEvent: () => null });
    choose('customer.ndjson', ndjson);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useComposer.getState().batches).toEqual([]);
    expect(useNotices.getState().notices).toEqual([]);
  });

  it('opens a new batch without asking when the open one has no events to add to', async () => {
    renderImportExport();
    choose('customer.ndjson', ndjson);
    await waitFor(() => expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['customer']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
