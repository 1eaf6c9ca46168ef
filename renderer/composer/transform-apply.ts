import { joinNearby, type TextChange } from '../../shared/text-changes.ts';
import { monaco } from '../monaco/setup.ts';

/**
 * Monaco merges a call of 1 000 edits or more into one edit of everything between the first
 * and the last, which for 100 000 changed events re-reads the whole 29 MB text and every line
 * of the view in one task of about 4 s (npm run bench -- transform-ui). Fewer per call keeps
 * each call to tens of milliseconds.
 */
const SLICE = 999;

/** How much text one edit may span once nearby edits are joined (see joinNearby). */
const JOINED_SPAN = 16 * 1024;

/**
 * A transform's edits applied to the batch's model as one step of its undo history, apart from
 * typing before or after it: Ctrl/Cmd+Z in the JSON view restores exactly the text before.
 * The edits' offsets are into the text as it is now, in order, none overlapping. They are made
 * in slices, a frame apart, so the page answers meanwhile; the caller keeps the text from
 * other edits until the promise settles (the transform dialog is modal).
 */
export async function applyAsOneStep(model: monaco.editor.ITextModel, changes: readonly TextChange[], onProgress: (share: number) => void = () => {}): Promise<void> {
  const edits = joinNearby(changes, (start, end) => model.getValueInRange(monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(end))), JOINED_SPAN);
  model.pushStackElement();
  // From the last edit to the first: the offsets of the ones still to come stay true.
  for (let end = edits.length; end > 0; end -= SLICE) {
    const operations = edits.slice(Math.max(0, end - SLICE), end).map((edit) => ({
      range: monaco.Range.fromPositions(model.getPositionAt(edit.rangeOffset), model.getPositionAt(edit.rangeOffset + edit.rangeLength)),
      text: edit.text,
    }));
    model.pushEditOperations([], operations, () => null);
    onProgress((edits.length - Math.max(0, end - SLICE)) / edits.length);
    await new Promise((resolve) => setTimeout(resolve));
  }
  model.pushStackElement();
}
