import { useLayoutEffect, useRef, useState } from 'react';
import { batchText, reportEdits, setBatchText } from '../base/state/batch-text.ts';
import { useActiveBatch, useComposer } from '../base/state/composer.ts';
import { EditorFailed } from '../base/widgets/EditorSlot.tsx';
import { leaveCaret } from './caret-handover.ts';

/**
 * The batch as plain text while Monaco's chunk loads (issue #33): the composer takes typing from
 * its first paint, not a second later. Edits go where the editor's would (batch-text.ts: autosave
 * keeps up), and the caret is handed to Monaco, which takes the text as it was left (Shell.tsx
 * shows this as the editor's Suspense fallback). A text longer than PLAIN_MAX_CHARS waits for
 * Monaco: a textarea lays out all of it at once, which would cost the frame this view saves.
 */

const PLAIN_MAX_CHARS = 1_000_000;

/** The one change that turns `before` into `after` (typing, a paste, a cut): what they share at each end is left alone. */
function changeBetween(before: string, after: string) {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { rangeOffset: start, rangeLength: before.length - start - end, text: after.slice(start, after.length - end) };
}

/** The editors' chunk could not load (EditorSlot): the plain view stays, saying so. */
type Problem = { error: unknown } | null;

/** What the plain view says above the text: that the editor is on its way, or why it could not come. */
function Note({ problem }: { problem: Problem }) {
  if (!problem) return <p className="empty">Loading the editor: you can type already; checks start once it is ready.</p>;
  return (
    <EditorFailed error={problem.error}>
      <p>Your batch is kept, and edited here as plain text. Restart EventDesk to get the editor back; if this happens again, install it again.</p>
    </EditorFailed>
  );
}

function PlainText({ id, problem }: { id: string; problem: Problem }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [initial] = useState(() => batchText(id));
  // The text as last typed, to tell each edit from: read in the handler, never while rendering.
  const text = useRef(initial);
  // Read before the textarea leaves the page, which would take the focus with it.
  useLayoutEffect(
    () => () => {
      const element = area.current;
      if (element) leaveCaret(id, { start: element.selectionStart, end: element.selectionEnd, focused: document.activeElement === element });
    },
    [id],
  );
  if (initial.length > PLAIN_MAX_CHARS) return problem ? <Note problem={problem} /> : <p className="empty">Loading the editor…</p>;
  return (
    <div className="plain-batch" data-testid="plain-batch-editor">
      <Note problem={problem} />
      <textarea
        ref={area}
        aria-label="Batch JSON"
        spellCheck={false}
        defaultValue={initial}
        onInput={(event) => {
          const after = event.currentTarget.value;
          const change = changeBetween(text.current, after);
          text.current = after;
          setBatchText(id, after);
          reportEdits(id, [change]);
        }}
      />
    </div>
  );
}

export function PlainBatchEditor({ problem }: { problem?: unknown }) {
  const batch = useActiveBatch();
  const restored = useComposer((state) => state.restored);
  const failure: Problem = problem === undefined ? null : { error: problem };
  if (!restored) return failure ? <Note problem={failure} /> : <p className="empty">Loading the editor…</p>;
  if (!batch) return <p className="empty">No batch is open. Start one with +.</p>;
  return <PlainText key={batch.id} id={batch.id} problem={failure} />;
}
