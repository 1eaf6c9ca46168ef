import type { monaco } from '../monaco/setup.ts';

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

export function formatInEditor(): void {
  void editor?.getAction('editor.action.formatDocument')?.run();
}
