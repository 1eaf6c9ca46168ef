import { mayNestDeeply } from '../../features/validation/common/syntax.ts';
import { batchText, holdBatchText, reportEdits, unheldText } from '../base/state/batch-text.ts';
import { useComposer } from '../base/state/composer.ts';
import { monaco } from './setup.ts';
import { asModelSource, bufferInSlices, keepsOffsets, SLICED_PAST, type TextBuffer } from './text-buffer.ts';

/**
 * One Monaco model per open batch, made when the editor first shows it. The model owns the
 * text from then on (each keeps its own undo history and cursor); its edits are reported as
 * they happen, and nothing copies the whole text back on a keystroke.
 */

const models = new Map<string, monaco.editor.ITextModel>();
/** The text a model was made from in slices, with the version it was at: its whole text while unchanged. */
const madeFrom = new WeakMap<monaco.editor.ITextModel, { text: string; version: number }>();
/** Buffers built in slices for big texts (prepareBatchModel), each for the text it was built from. */
const prepared = new Map<string, { text: string; buffer: TextBuffer }>();
const preparing = new Map<string, Promise<void>>();

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

/** Whether batchModel(id) would take one long task now: no model yet, and a big text with no buffer built from it. */
export function modelWaits(id: string): boolean {
  if (models.has(id)) return false;
  const text = unheldText(id);
  return text !== null && text.length > SLICED_PAST && prepared.get(id)?.text !== text;
}

/** Builds the buffer of the batch's text a slice a task (see text-buffer.ts), so that batchModel(id) then takes no long task. */
export function prepareBatchModel(id: string): Promise<void> {
  let work = preparing.get(id);
  if (!work) {
    const text = unheldText(id) ?? '';
    work = bufferInSlices(text)
      .then((buffer) => {
        if (useComposer.getState().batches.some((batch) => batch.id === id)) prepared.set(id, { text, buffer });
      })
      .finally(() => preparing.delete(id));
    preparing.set(id, work);
  }
  return work;
}

/**
 * The model's whole text. A model made from a buffer built in slices holds its text in as many
 * pieces, and getValue() joins them anew each time (63 ms for 29 MB, then as much again to copy
 * it to a worker); while it is unchanged, the text it was made from is the same text, at once.
 */
export function textOf(model: monaco.editor.ITextModel): string {
  const made = madeFrom.get(model);
  return made?.version === model.getVersionId() ? made.text : model.getValue();
}

export function batchModel(id: string): monaco.editor.ITextModel {
  let model = models.get(id);
  if (!model) {
    const text = batchText(id);
    const built = prepared.get(id);
    prepared.delete(id);
    const source = built?.text === text ? asModelSource(built.buffer) : text;
    model = monaco.editor.createModel(source, mayNestDeeply(text) ? 'plaintext' : 'json', monaco.Uri.parse(batchModelPath(id)));
    if (source !== text && keepsOffsets(text, model.getValueLength(), model.getEOL())) madeFrom.set(model, { text, version: model.getVersionId() });
    const created = model;
    model.onDidChangeContent((event) => {
      reportEdits(id, event.changes);
      // A long paste that may nest deeply goes plain before Monaco's worker sees it; the
      // validator's answer settles it either way.
      if (event.changes.some((change) => change.text.length >= PASTE_WORTH_CHECKING && mayNestDeeply(change.text))) followNesting(created, true);
    });
    holdBatchText(id, { getValue: () => textOf(created), setValue: (value) => created.setValue(value), workKey: created });
    models.set(id, model);
  }
  return model;
}

// A closed batch's model goes with it (the state layer has let go of its text already), and a buffer built for it.
useComposer.subscribe((state) => {
  const open = (id: string) => state.batches.some((batch) => batch.id === id);
  for (const [id, model] of models) {
    if (open(id)) continue;
    models.delete(id);
    model.dispose();
  }
  for (const id of prepared.keys()) if (!open(id)) prepared.delete(id);
});
