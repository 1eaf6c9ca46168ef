import { wallClockProblem } from '../../../base/common/datetime.ts';

/**
 * The shapes of the two field values every event is checked for, read a character at a time:
 * on 100 000 events a regular expression costs milliseconds that the speed budget (1.3 times a
 * JSON.parse) does not have, and so does a branch per character. Each layout here was the
 * fastest of several measured in place, in validateBatch on 100 000 events.
 */

const HYPHEN = 0x2d;
const SPACE = 0x20;
const COLON = 0x3a;
const DIGIT_0 = 0x30;
const ASCII_BITS = 0x7f;

/** By character code: 0 for a hexadecimal digit, 1 for a hyphen, 16 for anything else. */
const UUID_CHARACTER_WEIGHT = Uint8Array.from({ length: 128 }, (_, code) => (/[0-9a-fA-F]/.test(String.fromCharCode(code)) ? 0 : code === HYPHEN ? 1 : 16));
const UUID_HYPHENS = 4;

/**
 * 8-4-4-4-12 hexadecimal digits. Each character's weight is summed without a branch: with the
 * four hyphens in place, a sum of exactly 4 leaves room for no other hyphen and nothing else.
 */
export function isUuidShaped(text: string): boolean {
  if (text.length !== 36 || text.charCodeAt(8) !== HYPHEN || text.charCodeAt(13) !== HYPHEN || text.charCodeAt(18) !== HYPHEN || text.charCodeAt(23) !== HYPHEN)
    return false;
  let weight = 0;
  for (let index = 0; index < 36; index++) {
    const code = text.charCodeAt(index);
    // Past ASCII: 16 or more, whatever the table says of its low bits.
    weight += UUID_CHARACTER_WEIGHT[code & ASCII_BITS]! | ((code >>> 7) << 4);
  }
  return weight === UUID_HYPHENS;
}

/** 16 for a character that is not a digit: OR-ed with digits, a result of 16 or more says one was not. */
const NOT_A_DIGIT = 16;

/** Each digit's value by character code, over all 65 536 UTF-16 code units so no code needs a range test. */
const DIGIT = new Uint8Array(0x10000).fill(NOT_A_DIGIT);
for (let digit = 0; digit <= 9; digit++) DIGIT[DIGIT_0 + digit] = digit;

/** Said by twoDigits of two characters that are not both digits: more than any two digits write. */
const NOT_TWO_DIGITS = 100;

/** The number the two digits at `at` write, or NOT_TWO_DIGITS. */
function twoDigits(text: string, at: number): number {
  const tens = DIGIT[text.charCodeAt(at)]!;
  const ones = DIGIT[text.charCodeAt(at + 1)]!;
  return (tens | ones) < NOT_A_DIGIT ? tens * 10 + ones : NOT_TWO_DIGITS;
}

/** The largest day every month has: wallClockProblem, which knows the calendar, judges later ones. */
const DAYS_IN_EVERY_MONTH = 28;

/**
 * `YYYY-MM-DD HH:MM:SS` as the number YYYYMMDDHHMMSS, which orders as the texts do, when the text
 * is a real date-time (wallClockProblem finds nothing wrong with it); -1 when it is not.
 */
export function plainWallClock(text: string): number {
  if (
    text.length !== 19 ||
    text.charCodeAt(4) !== HYPHEN ||
    text.charCodeAt(7) !== HYPHEN ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  )
    return -1;
  const century = twoDigits(text, 0);
  const yearOfCentury = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  // NOT_TWO_DIGITS is past every bound below.
  if (
    century > 99 ||
    yearOfCentury > 99 ||
    century + yearOfCentury === 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return -1;
  if (day > DAYS_IN_EVERY_MONTH && wallClockProblem(text) !== null) return -1;
  return (((((century * 100 + yearOfCentury) * 100 + month) * 100 + day) * 100 + hour) * 100 + minute) * 100 + second;
}

/** The same number for a text formatDateTime wrote, whatever its day: for the bounds events are compared with. */
export function wallClockOrder(text: string): number {
  return Number(text.replace(/\D/g, ''));
}
