// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextChange } from '../../../base/common/text-changes.ts';
import { batchText, onBatchEdited } from '../../../renderer/base/state/batch-text.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { takeCaret } from '../../../renderer/composer/caret-handover.ts';
import { PlainBatchEditor } from '../../../renderer/composer/PlainBatchEditor.tsx';

const TEXT = '[{"token": "a"}]';

describe('the batch as plain text before the editor loads', () => {
  let edits: TextChange[];
  let stop: () => void;
  beforeEach(() => {
    edits = [];
    stop = onBatchEdited((_id, changes) => edits.push(...changes));
    useComposer.setState({ batches: [], activeId: null, restored: false });
  });
  afterEach(() => {
    cleanup();
    stop();
  });

  const openOne = (text = TEXT) => {
    const id = useComposer.getState().open({ name: 'One', text });
    useComposer.setState({ restored: true });
    return id;
  };

  it('waits for the drafts of the last run before offering to type', () => {
    render(<PlainBatchEditor />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Loading the editor…')).toBeTruthy();
  });

  it('reports each edit as the one change it is, and keeps the text where the editor will take it', () => {
    const id = openOne();
    render(<PlainBatchEditor />);
    const area = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Batch JSON' });
    expect(area.value).toBe(TEXT);
    fireEvent.input(area, { target: { value: '[{"token": "ab"}]' } });
    fireEvent.input(area, { target: { value: '[{"token": "b"}]' } });
    fireEvent.input(area, { target: { value: '[]' } });
    expect(edits).toEqual([
      { rangeOffset: 13, rangeLength: 0, text: 'b' },
      { rangeOffset: 12, rangeLength: 1, text: '' },
      { rangeOffset: 1, rangeLength: 14, text: '' },
    ]);
    expect(batchText(id)).toBe('[]');
  });

  it('hands its caret, and whether it had the focus, to the editor that takes its place', () => {
    const id = openOne();
    const { unmount } = render(<PlainBatchEditor />);
    const area = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Batch JSON' });
    area.focus();
    area.setSelectionRange(3, 8);
    unmount();
    expect(takeCaret(id)).toEqual({ start: 3, end: 8, focused: true });
    expect(takeCaret(id)).toBeUndefined();
  });

  it('leaves a text too long to lay out at once to the editor', () => {
    openOne(`[${'"x",'.repeat(300_000)}"x"]`);
    render(<PlainBatchEditor />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Loading the editor…')).toBeTruthy();
  });
});
