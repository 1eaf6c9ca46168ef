// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respondToImport, type ImportAnswer, type ImportRequest } from '../../../renderer/composer/import/import-protocol.ts';
import { OpeningProgress } from '../../../renderer/composer/opening/OpeningProgress.tsx';
import { useOpening } from '../../../renderer/composer/opening/opening.ts';
import { batchText } from '../../../renderer/base/state/batch-text.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useNotices } from '../../../renderer/base/state/ui.ts';
import { stubBrowser } from '../app-harness.tsx';
import { renderImportExport } from './import-export.tsx';

/** The import worker, held: it answers (with its real code) only when the test releases it, as a slow file would. */
const workers: { requests: ImportRequest[]; terminated: boolean; release: () => Promise<void> }[] = [];
vi.mock('../../../renderer/composer/import/import.worker.ts?worker', () => ({
  default: class HeldImportWorker {
    onmessage: ((message: MessageEvent<ImportAnswer>) => void) | null = null;
    private state = { requests: [] as ImportRequest[], terminated: false, release: async () => {} };
    constructor() {
      this.state.release = async () => {
        for (const request of this.state.requests.splice(0)) this.onmessage?.({ data: await respondToImport(request) } as MessageEvent<ImportAnswer>);
      };
      workers.push(this.state);
    }
    postMessage(request: ImportRequest) {
      this.state.requests.push(request);
    }
    terminate() {
      this.state.terminated = true;
    }
  },
}));

beforeEach(() => {
  stubBrowser();
  workers.length = 0;
  useComposer.setState(useComposer.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
  useOpening.setState({ opening: null });
});

afterEach(cleanup);

const ndjson = `${JSON.stringify({ token: 'a', customer_id: 'c-1' })}\n${JSON.stringify({ token: 'b', customer_id: 'c-2' })}\n`;

function choose(name: string, text: string): void {
  const file = { name, size: text.length, text: async () => text } as unknown as File;
  fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [file] } });
}

describe('an import that takes a while', () => {
  it('shows its progress past a moment, and Cancel ends the worker, adds nothing and says so', async () => {
    renderImportExport();
    render(<OpeningProgress />);
    choose('customer.ndjson', ndjson);
    // Not at once: a quick import does not flash.
    expect(screen.queryByRole('progressbar')).toBeNull();
    const progress = await screen.findByRole('progressbar', { name: 'Importing customer.ndjson' }, { timeout: 2000 });
    expect(progress.getAttribute('aria-valuetext')).toBe('Importing customer.ndjson…');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['Import of customer.ndjson cancelled: nothing was added.']),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(workers.map((worker) => worker.terminated)).toEqual([true]);
    expect(useComposer.getState().batches).toEqual([]);

    // The next import starts a fresh worker, and goes through.
    choose('customer.ndjson', ndjson);
    await waitFor(() => expect(workers).toHaveLength(2));
    await workers[1]!.release();
    await waitFor(() => expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['customer']));
    expect(JSON.parse(batchText(useComposer.getState().batches[0]!.id))).toEqual([
      { token: 'a', customer_id: 'c-1' },
      { token: 'b', customer_id: 'c-2' },
    ]);
    await waitFor(() =>
      expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual([
        'Import of customer.ndjson cancelled: nothing was added.',
        'Imported 2 events from customer.ndjson.',
      ]),
    );
  });

  it('reads files dropped while another is read after it, in order', async () => {
    renderImportExport();
    choose('first.ndjson', ndjson);
    choose('second.ndjson', ndjson);
    await waitFor(() => expect(workers[0]?.requests.map((request) => request.fileName)).toEqual(['first.ndjson']));
    await workers[0]!.release();
    await waitFor(() => expect(workers[0]!.requests.map((request) => request.fileName)).toEqual(['second.ndjson']));
    await workers[0]!.release();
    await waitFor(() => expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['first', 'second']));
    await waitFor(() =>
      expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual([
        'Imported 2 events from first.ndjson.',
        'Imported 2 events from second.ndjson.',
      ]),
    );
  });
});

describe('an import that cannot be read', () => {
  it('says why, and the next import still goes through', async () => {
    renderImportExport();
    const gone = { name: 'gone.ndjson', size: 10, text: () => Promise.reject(new Error('the file was moved')) } as unknown as File;
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [gone] } });
    await waitFor(() => expect(workers[0]?.requests).toHaveLength(1));
    await workers[0]!.release();
    await waitFor(() => expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['gone.ndjson: It could not be read: the file was moved']));
    choose('customer.ndjson', ndjson);
    await waitFor(() => expect(workers[0]!.requests).toHaveLength(1));
    await workers[0]!.release();
    await waitFor(() => expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['customer']));
  });
});
