import { mayNestDeeply } from '../../features/validation/common/syntax.ts';
import { batchText, holdBatchText, reportEdits } from '../base/state/batch-text.ts';
import { useComposer } from '../base/state/composer.ts';
import { monaco } from './setup.ts';

/**
 * One Monaco model per open batch, made when the editor first shows it. The model owns the
 * text from then on (each keeps its own undo history and cursor); its edits are reported as
 * they happen, and nothing copies the whole text back on a keystroke.
 */

const models = new Map<string, monaco.editor.ITextModel>();

/** Also the name the JSON schema's fileMatch (batch-*.json) recognises. */
export function batchModelPath(id: string): string {
  return `batch-${id}.json`;
}

/**
 * Monaco's JSON worker parses by recursion and runs out of stack on a text nested thousands
 * deep. Such a text is no batch (the validator reports json-too-deep), so it is edited as plain
 * text, and as JSON again once it is fixed. A text that opens that way is plain from the start.
 */
export function followNesting(model: monaco.editor.ITextModel, tooDeep: boolean): void {
  const language = tooDeep ? 'plaintext' : 'json';
  if (model.getLanguageId() !== language) monaco.editor.setModelLanguage(model, language);
}

/** Shorter pastes cannot nest deep enough to trouble the worker before the validator answers. */
const PASTE_WORTH_CHECKING = 1024;

export function batchModel(id: string): monaco.editor.ITextModel {
  let model = models.get(id);
  if (!model) {
    const text = batchText(id);
    model = monaco.editor.createModel(text, mayNestDeeply(text) ? 'plaintext' : 'json', monaco.Uri.parse(batchModelPath(id)));
    const created = model;
    model.onDidChangeContent((event) => {
      reportEdits(id, event.changes);
      // A long paste that may nest deeply goes plain before Monaco's worker sees it; the
      // validator's answer settles it either way.
      if (event.changes.some((change) => change.text.length >= PASTE_WORTH_CHECKING && mayNestDeeply(change.text))) followNesting(created, true);
    });
    holdBatchText(id, model);
    models.set(id, model);
  }
  return model;
}

// A closed batch's model goes with it (the state layer has let go of its text already).
useComposer.subscribe((state) => {
  for (const [id, model] of models) {
    if (state.batches.some((batch) => batch.id === id)) continue;
    models.delete(id);
    model.dispose();
  }
});
