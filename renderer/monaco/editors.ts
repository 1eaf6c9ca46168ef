/**
 * Every component that holds a Monaco editor, behind one dynamic import: Monaco is most of the
 * renderer's code, so it loads once, on demand, in one chunk, whichever editor is shown first
 * (and a bundler splitting it across per-editor chunks cannot reorder its registrations).
 */
export { default as BatchEditor } from '../composer/BatchEditor.tsx';
export { default as BatchViewer } from '../history/BatchViewer.tsx';
export { default as CompareEditor } from '../history/CompareEditor.tsx';
export { default as PlanTextEditor } from '../plans/PlanTextEditor.tsx';
