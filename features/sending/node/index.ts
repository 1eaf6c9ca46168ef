/**
 * The sending feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './sending.ts';
export * from './early-batches.ts';
