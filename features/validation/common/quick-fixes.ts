import { formatDateTime, wallClockProblem } from '../../../base/common/datetime.ts';

/**
 * The quick fixes, each a new text for the value a diagnostic points at. They are data, so the
 * editor can offer them and apply them as plain edits.
 */

export interface ValueFix {
  title: string;
  /** The value's new JSON text. */
  text: string;
}

/** `"12"` → `12`, when the string is exactly a whole number the service id can hold. */
export function serviceIdFromString(value: string): ValueFix | null {
  if (!/^-?(0|[1-9]\d*)$/.test(value) || !Number.isSafeInteger(Number(value))) return null;
  return { title: `Change to the number ${value}`, text: value };
}

/** `12.5` → `"12.5"`, keeping the number as it was written. */
export function attributeToString(numberText: string): ValueFix {
  return { title: `Change to the string "${numberText}"`, text: JSON.stringify(numberText) };
}

export function newDeviceId(): ValueFix {
  const uuid = globalThis.crypto.randomUUID();
  return { title: `Generate a UUID (${uuid})`, text: JSON.stringify(uuid) };
}

/** ISO 8601 and its relatives: a T or a space, seconds optional, a fraction, and Z or an offset. */
const OTHER_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2})?(?:[.,]\d+)?(Z|z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-time written in another common form, as YYYY-MM-DD HH:MM:SS: one with a zone or an
 * offset is the same instant in `timeZone`; one without is taken as already in it.
 */
export function reformatDateTime(value: string, timeZone: string): ValueFix | null {
  const match = OTHER_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, date, hourMinute, seconds = ':00', zone] = match;
  const wallClock = `${date} ${hourMinute}${seconds}`;
  if (wallClockProblem(wallClock)) return null;
  if (zone === undefined) return { title: `Change to ${wallClock}`, text: JSON.stringify(wallClock) };
  const offset = /^[zZ]$/.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const instant = new Date(`${date}T${hourMinute}${seconds}${offset}`);
  let written: string;
  try {
    written = formatDateTime(instant, timeZone);
  } catch {
    return null; // an offset out of range, or a year outside 0001 to 9999 in the zone
  }
  return { title: `Change to ${written} (${timeZone})`, text: JSON.stringify(written) };
}
