/**
 * The documents feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './drafts.ts';
export * from './files.ts';
export * from './opened-files.ts';
