// Monaco modules outside its public API (its exports map opens them), typed as far as we use them.

declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: { get<T>(id: unknown): T };
}

declare module 'monaco-editor/platform/undoRedo/common/undoRedo' {
  export const IUndoRedoService: unknown;
}
