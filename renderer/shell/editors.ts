/**
 * The editors' chunk: every component that holds a Monaco editor, behind the one dynamic import
 * that Shell.tsx names to base/editors.ts (which says why they load together).
 */
export { default as BatchEditor } from '../composer/BatchEditor.tsx';
export { default as BatchViewer } from '../history/BatchViewer.tsx';
export { default as CompareEditor } from '../compare/CompareEditor.tsx';
export { default as PlanTextEditor } from '../plans/PlanTextEditor.tsx';
