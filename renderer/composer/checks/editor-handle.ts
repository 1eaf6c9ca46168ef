import type { monaco } from '../../monaco/setup.ts';

/** The one live editor, so the Problems list and the form can move its cursor. */
let editor: monaco.editor.IStandaloneCodeEditor | null = null;

export function setEditor(next: monaco.editor.IStandaloneCodeEditor | null): void {
  editor = next;
}

export function revealInEditor(line: number, column: number): void {
  if (!editor) return;
  editor.setPosition({ lineNumber: line, column });
  editor.revealPositionInCenter({ lineNumber: line, column });
  editor.focus();
}

/**
 * Brings the text from offset `start` to `end` (an event) into view, leaving the focus where it
 * is: the cursor stays where it was if it is in there already, else goes to its start.
 */
export function showSpanInEditor(start: number, end: number): void {
  const model = editor?.getModel();
  if (!editor || !model) return;
  // Shown again just now: measured before this, the editor would take every line for out of view.
  editor.layout();
  const cursor = editor.getPosition();
  const at = cursor ? model.getOffsetAt(cursor) : -1;
  const position = cursor && at >= start && at <= end ? cursor : model.getPositionAt(start);
  editor.setPosition(position);
  editor.revealPositionInCenterIfOutsideViewport(position);
}

export function formatInEditor(): void {
  void editor?.getAction('editor.action.formatDocument')?.run();
}
