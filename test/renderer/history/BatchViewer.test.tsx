// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BIG_TEXT_CHARS } from '../../../renderer/monaco/big-text.ts';
import { stubBrowser } from '../app-harness.tsx';

/** What the viewer asks of Monaco's editor: the editor itself does not run in jsdom. */
const shown: { language?: string; options?: Record<string, unknown> }[] = [];
vi.mock('@monaco-editor/react', () => ({
  default: (props: { language?: string; options?: Record<string, unknown> }) => {
    shown.push(props);
    return null;
  },
}));
vi.mock('../../../renderer/monaco/setup.ts', () => ({}));

const { default: BatchViewer } = await import('../../../renderer/history/BatchViewer.tsx');

stubBrowser();

afterEach(() => {
  cleanup();
  shown.length = 0;
});

describe('a batch as sent, in History', () => {
  it('reads as JSON, with folding and a minimap, when it is large', () => {
    render(<BatchViewer text={`[${'{"token":"a"},'.repeat(2000)}{}]`} />);
    expect(shown.at(-1)).toMatchObject({ language: 'json', options: { folding: true, links: true, minimap: { enabled: true } } });
  });

  it('reads as plain text, with nothing that copies it to the worker, when it is big', () => {
    render(<BatchViewer text={`[${' '.repeat(BIG_TEXT_CHARS)}]`} />);
    expect(shown.at(-1)).toMatchObject({
      language: 'plaintext',
      options: {
        folding: false,
        links: false,
        minimap: { enabled: false },
        occurrencesHighlight: 'off',
        unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false },
      },
    });
  });
});
