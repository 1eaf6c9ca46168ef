/**
 * The batch transforms, pure functions on event values that the Form view, the palette and
 * `eventdesk transform` share. Each works on all events or a selection (indexes) and answers
 * the new events with the indexes it changed, or a message saying what stopped it.
 */
export { isEventObject, selectedIndexes, type TransformResult } from './selection.ts';
export { shiftTimes, spreadTimes, type ShiftTimesOptions, type SpreadTimesOptions } from './times.ts';
export { fieldTarget, setField, typedFieldValue, type FieldValue, type SetFieldOptions } from './set-field.ts';
export { personalValues, pseudonymize, replacementsOf, type PersonalValuesOptions, type PseudonymizeOptions } from './pseudonymize.ts';
export { personalSpans, type PersonalKind, type PersonalSpan } from './personal-data.ts';
export { pseudonymFrom, pseudonymInput, type PersonalValue } from './pseudonym-shapes.ts';
