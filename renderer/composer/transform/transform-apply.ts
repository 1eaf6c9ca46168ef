import { inSlices, inverseOf, joinNearby, type TextChange } from '../../../base/common/text-changes.ts';
import { monaco } from '../../monaco/setup.ts';
import { textOf } from '../../monaco/batch-models.ts';
import { pushUndoStep } from '../../monaco/undo-steps.ts';
import { whileWorking } from '../../base/state/text-work.ts';

/**
 * How much text one edit may span once nearby edits are joined (see joinNearby): more than
 * Monaco's piece size (65 535 characters). A shorter inserted text is appended to the model's
 * one change buffer, whose list of line starts Monaco copies whole for every such edit, so
 * 1 800 joined edits of 16 KiB (100 000 changed events) cost 3.4 s of apply in that copy
 * alone; a longer one gets pieces of its own, at the cost of its length.
 */
const JOINED_SPAN = 512 * 1024;

/**
 * How much text one call to the model may replace, and how many edits: each call is one task,
 * so this bounds the page's longest frame; Monaco merges a call of 1 000 edits or more into one
 * edit of everything between the first and the last.
 */
const SLICE_CHARS = 1024 * 1024;
const SLICE_EDITS = 999;

/** After the next frame is drawn (a timer alone may run before it); at most 100 ms when frames stop, as in a hidden window. */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      setTimeout(resolve);
    };
    const frame = requestAnimationFrame(go);
    const fallback = setTimeout(go, 100);
  });
}

/** Edits made in slices, a frame apart, from the last to the first (the offsets of the ones still to come stay true). */
async function applyInSlices(model: monaco.editor.ITextModel, edits: readonly TextChange[], onProgress: (share: number) => void): Promise<void> {
  const slices = inSlices(edits, SLICE_EDITS, SLICE_CHARS);
  for (let done = 0; done < slices.length; done++) {
    const operations = slices[slices.length - 1 - done]!.map((edit) => ({
      range: monaco.Range.fromPositions(model.getPositionAt(edit.rangeOffset), model.getPositionAt(edit.rangeOffset + edit.rangeLength)),
      text: edit.text,
    }));
    model.applyEdits(operations);
    onProgress((done + 1) / slices.length);
    // Not after the last: the editors take keys again (a redo right after an undo) in the task
    // that makes the text whole.
    if (done < slices.length - 1) await afterNextFrame();
  }
}

/**
 * The model's editors kept from typing while `work` edits the model across frames, so the offsets
 * it holds stay true; the Form view, send, save and export wait too (state/text-work.ts).
 */
async function withoutTyping(model: monaco.editor.ITextModel, work: () => Promise<void>): Promise<void> {
  const editors = monaco.editor.getEditors().filter((editor) => editor.getModel() === model && !editor.getOption(monaco.editor.EditorOption.readOnly));
  for (const editor of editors) editor.updateOptions({ readOnly: true });
  try {
    await whileWorking(model, work);
  } finally {
    // An editor showing another model by now (the user switched tabs) is the composer's to set.
    for (const editor of editors) if (editor.getModel() === model) editor.updateOptions({ readOnly: false });
  }
}

/**
 * A transform's edits applied to the batch's model as one step of its undo history, apart from
 * typing before or after it: Ctrl/Cmd+Z in the JSON view restores exactly the text before, and
 * redo the text after. The edits' offsets are into the text as it is now, in order, none
 * overlapping. Apply, undo and redo each edit in slices, a frame apart, so the page answers
 * meanwhile (Monaco's own undo of a 100 000-event transform was one task of 2 s or more); the
 * caller keeps the text from other edits until the promise settles (the transform dialog is
 * modal), and undo and redo keep the JSON view from typing until they are done.
 */
export async function applyAsOneStep(
  model: monaco.editor.ITextModel,
  changes: readonly TextChange[],
  onProgress: (share: number) => void = () => {},
): Promise<void> {
  // The text between the edits is read from the text as a string: read through the model's
  // positions, 100 000 gaps took 200 ms of the click's task (npm run bench -- transform-ui-100k).
  // What the few joined edits replace is read through the model: flat copies, where slices of
  // the text would leave undo to flatten them, in its own frames.
  const text = textOf(model);
  const edits = joinNearby(changes, (start, end) => text.slice(start, end), JOINED_SPAN);
  const inverse = inverseOf(edits, (start, end) => model.getValueInRange(monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(end))));
  await applyInSlices(model, edits, onProgress);
  const replay = (which: readonly TextChange[]) => () => withoutTyping(model, () => applyInSlices(model, which, () => {}));
  pushUndoStep(model, 'Transform', replay(inverse), replay(edits));
}
