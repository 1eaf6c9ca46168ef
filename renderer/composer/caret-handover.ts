/**
 * Where the caret was in a batch's plain view (PlainBatchEditor.tsx) when Monaco took its place,
 * kept until Monaco's editor shows that batch and takes it (BatchEditor.tsx): who was typing
 * goes on typing at the same place.
 */

export interface Caret {
  /** Offsets in the text, as a textarea's selectionStart and selectionEnd. */
  start: number;
  end: number;
  /** Whether the plain view had the focus: Monaco's editor takes it then. */
  focused: boolean;
}

const carets = new Map<string, Caret>();

export function leaveCaret(batchId: string, caret: Caret): void {
  carets.set(batchId, caret);
}

/** The caret left for this batch, once: a later editor of the batch keeps its own. */
export function takeCaret(batchId: string): Caret | undefined {
  const caret = carets.get(batchId);
  carets.delete(batchId);
  return caret;
}
