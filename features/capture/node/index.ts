/**
 * The capture feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './capture-export.ts';
export * from './capture-sandbox.ts';
export * from './capture-store.ts';
export * from './captured-events.ts';
export * from './captured-requests.ts';
