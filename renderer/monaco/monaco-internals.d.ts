// Monaco modules outside its public API (its exports map opens them), typed as far as we use them.

declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: { get<T>(id: unknown): T };
}

declare module 'monaco-editor/platform/undoRedo/common/undoRedo' {
  export const IUndoRedoService: unknown;
}

declare module 'monaco-editor/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder' {
  /** What createModel makes of a text first; a model can be created from one in its place (TextModel's createTextBuffer). */
  export interface PieceTreeTextBufferFactory {
    create(defaultEOL: number): { textBuffer: { getLinesContent(): string[]; getEOL(): string; getLength(): number } };
  }
  export class PieceTreeTextBufferBuilder {
    acceptChunk(chunk: string): void;
    finish(normalizeEOL?: boolean): PieceTreeTextBufferFactory;
  }
}

declare module 'monaco-editor/editor/common/model/textModel' {
  import type { PieceTreeTextBufferFactory } from 'monaco-editor/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder';
  /** The buffer createModel makes of a text in one go (test/renderer/monaco compares against it). */
  export function createTextBufferFactory(text: string): PieceTreeTextBufferFactory;
}
