/**
 * The environments feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './auth-headers.ts';
export * from './auth.ts';
export * from './environments.ts';
export * from './sessions.ts';
export * from './target.ts';
export * from './vault.ts';
