/**
 * Every component that holds a Monaco editor, behind one dynamic import. Monaco registers its
 * services as its modules load; with one lazy chunk per editor the bundler splits Monaco across
 * chunks and an editor can start before a service it needs is registered ("depends on UNKNOWN
 * service"). One chunk for all of them loads Monaco whole, once.
 */
export { default as BatchEditor } from '../composer/BatchEditor.tsx';
export { default as BatchViewer } from '../history/BatchViewer.tsx';
export { default as CompareEditor } from '../history/CompareEditor.tsx';
