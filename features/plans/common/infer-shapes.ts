/**
 * The shapes of text that inference recognises in attribute values: cheap checks, each
 * stricter than (so never accepting what fails) the validator's own check of the same format
 * (ajv-formats, full or fast), so a plan inferred from events always accepts those events.
 */

export const SHAPES = ['date-time', 'uuid', 'email', 'decimal'] as const;
export type Shape = (typeof SHAPES)[number];

/** A decimal number as text, as amounts travel in attributes ("19.99"): a pattern, not a format. */
export const DECIMAL_PATTERN = '^-?[0-9]+(\\.[0-9]+)?$';

/** Longer texts are none of these shapes (an email is at most 254 characters); checking stops there. */
const LONGEST = 254;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const DECIMAL = new RegExp(DECIMAL_PATTERN);
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** RFC 3339 with a T and a time zone, a real day, no leap second. */
function isDateTime(text: string): boolean {
  const parts = DATE_TIME.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, zoneHour, zoneMinute] = parts.slice(1).map((part) => Number(part ?? 0)) as number[];
  const days = month === 2 && isLeapYear(year!) ? 29 : DAYS[month! - 1];
  return days !== undefined && day! >= 1 && day! <= days && hour! <= 23 && minute! <= 59 && second! <= 59 && zoneHour! <= 23 && zoneMinute! <= 59;
}

/** An email as the full check takes it, each domain label at most 63 characters as the fast check wants. */
function isEmail(text: string): boolean {
  return (
    EMAIL.test(text) &&
    text
      .slice(text.indexOf('@') + 1)
      .split('.')
      .every((label) => label.length <= 63)
  );
}

const CHECKS: Record<Shape, (text: string) => boolean> = {
  'date-time': isDateTime,
  uuid: (text) => UUID.test(text),
  email: isEmail,
  decimal: (text) => DECIMAL.test(text),
};

/** Every shape, as bits. */
export const ANY_SHAPE = (1 << SHAPES.length) - 1;

/** The shapes a text has among those asked (all by default), as bits in SHAPES' order; 0 for none. */
export function shapesOf(text: string, among = ANY_SHAPE): number {
  if (text.length > LONGEST) return 0;
  let bits = 0;
  SHAPES.forEach((shape, index) => {
    if (among & (1 << index) && CHECKS[shape](text)) bits |= 1 << index;
  });
  return bits;
}

/** The first shape among the bits, in SHAPES' order. */
export function shapeOf(bits: number): Shape | undefined {
  return SHAPES.find((_, index) => (bits & (1 << index)) !== 0);
}
