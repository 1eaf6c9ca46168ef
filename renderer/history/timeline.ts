import { bucketName, type TimelineBucket, type TimelineUnit } from '../../features/history/common/history.ts';

/** A bucket name (`YYYY-MM-DD` or `YYYY-MM-DD HH:00`, local time) as the instant it starts. */
export function bucketStart(bucket: string): Date {
  const [date, time] = bucket.split(' ');
  const [year, month, day] = date!.split('-').map(Number);
  return new Date(year!, month! - 1, day!, time ? Number(time.slice(0, 2)) : 0);
}

/** The instant after the bucket, in local time (a day is not always 24 hours). */
export function bucketEnd(bucket: string, unit: TimelineUnit): Date {
  const start = bucketStart(bucket);
  return unit === 'day' ? new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1) : new Date(start.getTime() + 3_600_000);
}

/** Most columns drawn with the empty buckets filled in; a longer span is drawn with its gaps closed. */
export const MAX_FILLED_BUCKETS = 1000;

/** The buckets from the first to the last, the empty ones included, so the time axis is even. */
export function fillGaps(buckets: readonly TimelineBucket[], unit: TimelineUnit): TimelineBucket[] {
  if (buckets.length < 2) return [...buckets];
  const byName = new Map(buckets.map((bucket) => [bucket.bucket, bucket]));
  const filled: TimelineBucket[] = [];
  const last = bucketStart(buckets.at(-1)!.bucket).getTime();
  // Hours step by the clock, not by name: when clocks go back, 01:00 comes twice and is one bucket.
  const next = (at: Date) => (unit === 'hour' ? new Date(at.getTime() + 3_600_000) : bucketEnd(bucketName(at, unit), unit));
  for (let at = bucketStart(buckets[0]!.bucket); at.getTime() <= last; at = next(at)) {
    if (filled.length >= MAX_FILLED_BUCKETS) return [...buckets];
    const name = bucketName(at, unit);
    if (filled.at(-1)?.bucket !== name) filled.push(byName.get(name) ?? { bucket: name, counts: {} });
  }
  return filled;
}
