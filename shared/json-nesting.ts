/**
 * How deeply the arrays and objects of a batch may nest. A batch of events needs three levels
 * (the array, an event, its attributes); the sandbox refuses any body deeper than this, and the
 * validator and the template resolver stop at the same depth, so a text nested thousands deep
 * gets one clear problem instead of a stack overflow or a parse that eats gigabytes.
 */
export const MAX_JSON_DEPTH = 64;

/** The problem, in the same words wherever it is found: the editor, the command line, a send. */
export const TOO_DEEP_MESSAGE = `Arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels. A batch needs three (the array, its events, their attributes), and the sandbox refuses anything deeper than ${MAX_JSON_DEPTH}.`;
