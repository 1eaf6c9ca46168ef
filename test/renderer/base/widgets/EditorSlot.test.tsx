// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorSlot } from '../../../../renderer/base/widgets/EditorSlot.tsx';

afterEach(cleanup);

describe('where an editor from the editors’ chunk shows', () => {
  it('says it is loading, then shows the editor', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => {};
    const Editor = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve)));
    render(
      <EditorSlot>
        <Editor />
      </EditorSlot>,
    );
    expect(screen.getByText('Loading the editor…')).toBeTruthy();
    arrive({ default: () => <p>the editor</p> });
    expect(await screen.findByText('the editor')).toBeTruthy();
  });

  it('says why when the chunk cannot be loaded, in its place, instead of unmounting the window', async () => {
    // React reports the error it caught to the console as well.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Editor = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module: editors.js')));
    render(
      <main>
        <h1>Batch</h1>
        <EditorSlot>
          <Editor />
        </EditorSlot>
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The editor could not be loaded');
    expect(alert.textContent).toContain('Failed to fetch dynamically imported module: editors.js');
    expect(alert.textContent).toContain('Restart EventDesk');
    expect(screen.getByRole('heading', { name: 'Batch' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('shows what the place gives for a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Editor = lazy(() => Promise.reject(new Error('gone')));
    render(
      <EditorSlot failed={(error) => <p>kept as text: {(error as Error).message}</p>}>
        <Editor />
      </EditorSlot>,
    );
    expect(await screen.findByText('kept as text: gone')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
