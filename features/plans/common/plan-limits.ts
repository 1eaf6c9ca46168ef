/**
 * How large a tracking plan EventDesk takes, in one place. Compiling a plan costs time and memory
 * in proportion to its schemas (Ajv writes and keeps code for each), and a plan is loaded by the
 * app, the sandbox and the command line alike: past these, a plan is refused with the limit it
 * passes rather than compiled for minutes. A plan of a thousand kinds of fifty attributes each,
 * 2.5 MB, is within both.
 */

/** Kinds of event a plan may name. */
export const MAX_PLAN_KINDS = 1000;

/** Bytes of a plan's text (its schemas, written as JSON). */
export const MAX_PLAN_BYTES = 4 * 1024 * 1024;
