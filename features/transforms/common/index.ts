/**
 * The transforms feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './apply-changes.ts';
export * from './batch-edit.ts';
export * from './contract.ts';
export * from './event-diff.ts';
export * from './filter.ts';
export * from './operations.ts';
export * from './pseudonym-shapes.ts';
export * from './pseudonymize.ts';
export * from './set-field.ts';
export * from './time-range.ts';
export * from './transforms.ts';
