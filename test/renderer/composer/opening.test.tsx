// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../renderer/base/api.ts';
import { BIG_TEXT_LENGTH, PROGRESS_DELAY_MS, progressShows, useFileOpening, useOpening, type Opening } from '../../../renderer/composer/opening/opening.ts';
import { OpeningProgress } from '../../../renderer/composer/opening/OpeningProgress.tsx';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import type { OpenedFile } from '../../../features/documents/common/files.ts';

const reading = (since: number | null): Opening => ({ name: since === null ? null : 'day.json', step: 'reading', length: null, since });
const loading = (length: number, since: number): Opening => ({ name: 'day.json', step: 'loading', length, since });

describe('when an opening shows its progress', () => {
  it('waits out the delay, so a quick open does not flash', () => {
    expect(progressShows(reading(1000), 1000 + PROGRESS_DELAY_MS - 1)).toBe(false);
    expect(progressShows(reading(1000), 1000 + PROGRESS_DELAY_MS)).toBe(true);
    expect(progressShows(loading(BIG_TEXT_LENGTH - 1, 1000), 1000)).toBe(false);
  });

  it('shows at once before a big text is loaded, which will keep the page busy', () => {
    expect(progressShows(loading(BIG_TEXT_LENGTH, 1000), 1000)).toBe(true);
  });

  it('never shows while the user is still choosing in the OS dialog', () => {
    expect(progressShows(reading(null), 1e9)).toBe(false);
  });
});

describe('opening a file', () => {
  let answer: (file: OpenedFile | null) => void;
  let frames: FrameRequestCallback[];
  const api = {
    files: { open: () => new Promise<OpenedFile | null>((resolve) => (answer = resolve)), openRecent: vi.fn(), recent: vi.fn() },
  } as unknown as Api;
  let opening: ReturnType<typeof useFileOpening>;
  function Opener() {
    opening = useFileOpening();
    return <OpeningProgress />;
  }
  const paint = () => act(() => frames.splice(0).forEach((frame) => frame(performance.now())));

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    useOpening.setState({ opening: null });
    useComposer.setState(useComposer.getInitialState(), true);
    render(
      <ApiContext value={api}>
        <QueryClientProvider client={new QueryClient()}>
          <Opener />
        </QueryClientProvider>
      </ApiContext>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('paints the progress of a big file before the editor takes it, and clears it once shown', async () => {
    void act(() => void opening.open());
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByRole('progressbar')).toBeNull();

    const text = `[${' '.repeat(BIG_TEXT_LENGTH)}]`;
    await act(async () => answer({ path: '/data/day.json', name: 'day.json', text }));
    expect(screen.getByRole('progressbar', { name: 'Opening day.json' }).getAttribute('aria-valuetext')).toBe('Loading day.json (1.9 MB) into the editor…');
    expect(useComposer.getState().batches).toEqual([]);

    await paint(); // the frame under way
    await paint(); // the frame with the progress
    expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['day.json']);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await paint();
    await paint();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('loads a small file at once, with no progress', async () => {
    void act(() => void opening.open());
    await act(async () => answer({ path: '/data/one.json', name: 'one.json', text: '[]' }));
    expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['one.json']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a read that takes long, once the delay is up, and nothing when the dialog is cancelled', async () => {
    let read: (file: OpenedFile) => void = () => undefined;
    vi.mocked(api.files.openRecent).mockReturnValue(new Promise((resolve) => (read = resolve)));
    void act(() => void opening.openRecent('/data/slow.json'));
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS - 10));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('progressbar', { name: 'Opening slow.json' }).getAttribute('aria-valuetext')).toBe('Reading slow.json…');
    await act(async () => read({ path: '/data/slow.json', name: 'slow.json', text: '[]' }));
    // Past the delay already, so the progress is painted before loading, then cleared after it.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Loading slow.json (1 KB) into the editor…');
    for (let frame = 0; frame < 4; frame++) await paint();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(useComposer.getState().batches.map((batch) => batch.name)).toEqual(['slow.json']);

    void act(() => void opening.open());
    await act(async () => answer(null));
    expect(useOpening.getState().opening).toBeNull();
  });
});
