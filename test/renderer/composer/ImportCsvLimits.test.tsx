// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importText } from '../../../renderer/composer/import/importing.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useNotices } from '../../../renderer/base/state/ui.ts';
import { CSV_BOMB_REFUSAL, CSV_LONG_CELL, CSV_LONG_CELL_REFUSAL, csvBomb } from '../../fixtures/hostile/csv-bomb.ts';
import { stubBrowser } from '../app-harness.tsx';
import { renderImportExport } from './import-export.tsx';

vi.mock('../../../renderer/composer/import/import.worker.ts?worker', () => import('./in-process-import-worker.ts'));

beforeEach(() => {
  stubBrowser();
  useComposer.setState(useComposer.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
});

afterEach(cleanup);

describe("the composer's CSV import", () => {
  it('refuses a table past the cell limits with the numbers, as the command line does, before reading the rest', () => {
    // The whole bomb (100 000 rows, 200 MB) is under the import's 200 MB file limit; its first thousand rows are read.
    expect(importText('bomb.csv', csvBomb(100_000))).toEqual({ kind: 'error', message: CSV_BOMB_REFUSAL });
    expect(importText('long.csv', CSV_LONG_CELL)).toEqual({ kind: 'error', message: CSV_LONG_CELL_REFUSAL });
  });

  it('says so in a notice when such a file is chosen, and opens no mapping', async () => {
    renderImportExport();
    // jsdom's File has no text(): a chosen file as the composer reads it.
    const text = csvBomb(1001);
    const file = { name: 'bomb.csv', size: text.length, text: async () => text } as unknown as File;
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file] } });
    await waitFor(() => expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual([`bomb.csv: ${CSV_BOMB_REFUSAL}`]));
    expect(screen.queryByRole('dialog', { name: 'Import bomb.csv' })).toBeNull();
  });
});
