import type { TextChange } from '../../shared/text-changes.ts';
import { monaco } from '../monaco/setup.ts';

/**
 * A transform's edits applied to the batch's model as one step of its undo history, apart from
 * typing before or after it: Ctrl/Cmd+Z in the JSON view restores exactly the text before.
 * The edits' offsets are into the text as it is now, none overlapping.
 */
export function applyAsOneStep(model: monaco.editor.ITextModel, edits: readonly TextChange[]): void {
  const operations = edits.map((edit) => ({
    range: monaco.Range.fromPositions(model.getPositionAt(edit.rangeOffset), model.getPositionAt(edit.rangeOffset + edit.rangeLength)),
    text: edit.text,
  }));
  model.pushStackElement();
  model.pushEditOperations([], operations, () => null);
  model.pushStackElement();
}
