import { StandaloneServices } from 'monaco-editor/editor/standalone/browser/standaloneServices';
import { IUndoRedoService } from 'monaco-editor/platform/undoRedo/common/undoRedo';
import type { monaco } from './setup.ts';

/** A step of a model's undo history whose undo and redo we make ourselves (UndoRedoElementType.Resource). */
interface UndoStep {
  type: 0;
  resource: monaco.Uri;
  label: string;
  code: string;
  undo(): Promise<void>;
  redo(): Promise<void>;
}

interface UndoRedoService {
  pushElement(step: UndoStep): void;
}

/**
 * Puts a step of our own on `model`'s undo history: Ctrl/Cmd+Z (and redo) in its editor call
 * `undo` (`redo`), and wait for the promise before the next undo or redo. Monaco's own steps
 * undo in one task, which for a change to a 29 MB text stalls the page for seconds; ours may
 * take several frames. Typing after it starts a new step of Monaco's own.
 */
export function pushUndoStep(model: monaco.editor.ITextModel, label: string, undo: () => Promise<void>, redo: () => Promise<void>): void {
  model.pushStackElement();
  StandaloneServices.get<UndoRedoService>(IUndoRedoService).pushElement({ type: 0, resource: model.uri, label, code: 'eventdesk.undoStep', undo, redo });
}
