/**
 * The validation feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './batch-layout.ts';
export * from './event-checks.ts';
export * from './event-schema.ts';
export * from './findings.ts';
export * from './incremental.ts';
export * from './json-characters.ts';
export * from './positions.ts';
export * from './syntax.ts';
export * from './validation.ts';
