import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Every component that holds a Monaco editor, loaded on demand from one chunk: Monaco is most of
 * the renderer's code, so it loads once, whichever editor is shown first (and a bundler splitting
 * it across per-editor chunks cannot reorder its registrations). The components live with their
 * screens; shell/editors.ts gathers them into that chunk, and the shell, which composes the
 * screens, names it here at start, so a screen shows an editor without importing the shell.
 */

export interface BatchViewerProps {
  text: string;
}

export interface CompareEditorProps {
  original: string;
  modified: string;
  label: string;
  sides: [string, string];
}

export interface PlanTextEditorProps {
  initialText: string;
  onChange: (text: string) => void;
}

/** The editors' chunk as shell/editors.ts exports it. */
export interface Editors {
  BatchEditor: ComponentType;
  BatchViewer: ComponentType<BatchViewerProps>;
  CompareEditor: ComponentType<CompareEditorProps>;
  PlanTextEditor: ComponentType<PlanTextEditorProps>;
}

let loadEditors: (() => Promise<Editors>) | null = null;

/** Names the chunk the editors load from; the shell calls it once, before any screen renders. */
export function setEditorsLoader(load: () => Promise<Editors>): void {
  loadEditors = load;
}

function editor<K extends keyof Editors>(name: K): LazyExoticComponent<Editors[K]> {
  return lazy(async () => {
    if (!loadEditors) throw new Error(`The ${name} was shown before the shell named the editors' chunk (setEditorsLoader).`);
    return { default: (await loadEditors())[name] };
  });
}

export const BatchEditor = editor('BatchEditor');
export const BatchViewer = editor('BatchViewer');
export const CompareEditor = editor('CompareEditor');
export const PlanTextEditor = editor('PlanTextEditor');
