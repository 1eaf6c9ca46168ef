import { PieceTreeTextBufferBuilder, type PieceTreeTextBufferFactory } from 'monaco-editor/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder';

/**
 * Monaco makes a model's text buffer in one go: for 100 000 events (29 MB) finding the line
 * starts alone took 104 ms of one task. Past SLICED_PAST characters a buffer is built a slice a
 * task instead, with Monaco's own builder (which joins a \r\n or a surrogate pair a slice cuts),
 * and the model is created from it.
 */

/** Texts longer than this get their buffer built in slices. */
export const SLICED_PAST = 2_000_000;
/** About 4 ms of line starts a slice. */
const SLICE_CHARS = 1_000_000;

export type TextBuffer = PieceTreeTextBufferFactory;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function bufferInSlices(text: string): Promise<TextBuffer> {
  const builder = new PieceTreeTextBufferBuilder();
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    builder.acceptChunk(text.slice(at, at + SLICE_CHARS));
    await nextTask();
  }
  return builder.finish();
}

/** What createModel is given for a buffer: its type says string, and TextModel takes a buffer factory where it takes a text. */
export const asModelSource = (buffer: TextBuffer): string => buffer as unknown as string;

/**
 * Whether offsets into `text` are offsets into the model made from it, whose length and line
 * ending are given: Monaco drops a byte order mark and evens out mixed line endings, which moves
 * them (a lone \r made \n keeps the length, not the text).
 */
export function keepsOffsets(text: string, modelLength: number, modelEol: string): boolean {
  return modelLength === text.length && (!text.includes('\r') || modelEol === '\r\n');
}
