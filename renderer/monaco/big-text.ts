/**
 * Past this many characters (about 17 000 pretty events) an editor leaves out what costs the
 * whole text at every edit or as it opens: the composer's editor its folding and word
 * suggestions (BatchEditor.tsx), History's viewer also its JSON mode and the features that copy
 * the text to Monaco's worker (BatchViewer.tsx).
 */
export const BIG_TEXT_CHARS = 5_000_000;
