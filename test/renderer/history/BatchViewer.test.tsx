// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BIG_TEXT_CHARS } from '../../../renderer/monaco/big-text.ts';
import { stubBrowser } from '../app-harness.tsx';

/** What the viewer asks of Monaco's editor: the editor itself does not run in jsdom. */
const shown: { language?: string; options?: Record<string, unknown>; value?: string; path?: string }[] = [];
vi.mock('@monaco-editor/react', () => ({
  default: (props: { language?: string; options?: Record<string, unknown> }) => {
    shown.push(props);
    return null;
  },
}));
/** The models the viewer made itself, and whether each was let go. */
const models: { source: unknown; disposed: boolean }[] = [];
vi.mock('../../../renderer/monaco/setup.ts', () => ({
  monaco: {
    Uri: { parse: (path: string) => ({ toString: () => path }) },
    editor: {
      createModel: (source: unknown, _language: string, uri: { toString(): string }) => {
        const model = { source, disposed: false, uri, dispose: () => void (model.disposed = true) };
        models.push(model);
        return model;
      },
    },
  },
}));

const { default: BatchViewer } = await import('../../../renderer/history/BatchViewer.tsx');

stubBrowser();

afterEach(() => {
  cleanup();
  shown.length = 0;
  models.length = 0;
});

describe('a batch as sent, in History', () => {
  it('reads as JSON, with folding and a minimap, when it is large', () => {
    render(<BatchViewer text={`[${'{"token":"a"},'.repeat(2000)}{}]`} />);
    expect(shown.at(-1)).toMatchObject({ language: 'json', options: { folding: true, links: true, minimap: { enabled: true } } });
  });

  it('reads as plain text, with nothing that copies it to the worker, when it is big', async () => {
    const { unmount } = render(<BatchViewer text={`[${' '.repeat(BIG_TEXT_CHARS)}]`} />);
    // Its model is made from a buffer built a slice a task: until then, the viewer says it is loading.
    expect(screen.getByRole('status').textContent).toBe('Loading the batch…');
    expect(shown).toEqual([]);
    await vi.waitFor(() => expect(shown).not.toEqual([]));
    expect(models).toHaveLength(1);
    expect(typeof models[0]!.source).not.toBe('string');
    expect(shown.at(-1)).toMatchObject({
      path: 'viewed-batch-1.txt',
      keepCurrentModel: true,
      language: 'plaintext',
      options: {
        folding: false,
        links: false,
        minimap: { enabled: false },
        occurrencesHighlight: 'off',
        unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false },
      },
    });
    expect(shown.at(-1)).not.toHaveProperty('value');
    // The viewer's own model goes with it.
    unmount();
    expect(models[0]!.disposed).toBe(true);
  });
});
