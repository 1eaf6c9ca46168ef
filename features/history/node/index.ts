/**
 * The history feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './batch-array.ts';
export * from './history-export.ts';
export * from './history-file.ts';
export * from './history-search.ts';
export * from './history-view.ts';
export * from './send-claims.ts';
export * from './submission-curl.ts';
export * from './submissions-rows.ts';
export * from './submissions.ts';
