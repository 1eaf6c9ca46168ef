import { TimelineKindSchema, type HistoryFilter, type TimelineBucket, type TimelineKind, type TimelineUnit } from '../../features/history/common/history.ts';
import { bucketEnd, bucketStart, fillGaps } from './timeline.ts';
import { ViewSwitch } from '../base/widgets/ViewSwitch.tsx';

const total = (bucket: TimelineBucket) => Object.values(bucket.counts).reduce((sum, count) => sum + (count ?? 0), 0);

/** Stacked from the bottom in this order, so failures sit on top where the eye lands; a refusal a step expected sits with the successes. */
const stackOrder: TimelineKind[] = ['ok', 'expected', 'sending', 'partial', 'interrupted', 'cancelled', 'failed'];

/** A kind as the badges word it. */
const kindText = (kind: TimelineKind) => (kind === 'expected' ? 'expected refusal' : kind);

/**
 * Submissions per hour or per day, each column stacked by status (a refusal a step expected apart), over the filtered set. A
 * click on a column narrows the filter to its hour or day.
 */
export function Timeline({
  buckets,
  unit,
  onUnit,
  onPick,
}: {
  buckets: readonly TimelineBucket[];
  unit: TimelineUnit;
  onUnit: (unit: TimelineUnit) => void;
  onPick: (range: Pick<HistoryFilter, 'from' | 'to'>) => void;
}) {
  const columns = fillGaps(buckets, unit);
  const highest = Math.max(1, ...columns.map(total));
  const sum = columns.reduce((all, bucket) => all + total(bucket), 0);
  const present = TimelineKindSchema.options.filter((kind) => columns.some((bucket) => bucket.counts[kind]));
  return (
    <figure className="timeline" aria-labelledby="timeline-caption">
      <figcaption id="timeline-caption">
        <span>
          {sum.toLocaleString('en')} per {unit}
          {columns.length > 0 && `, ${columns[0]!.bucket}${columns.length > 1 ? ` to ${columns.at(-1)!.bucket}` : ''} (local time)`}
        </span>
        <ViewSwitch
          label="Timeline unit"
          options={[
            ['hour', 'Hours'],
            ['day', 'Days'],
          ]}
          value={unit}
          onChange={onUnit}
          small
          choice
        />
      </figcaption>
      {columns.length === 0 ? (
        <p className="empty">No submissions to chart.</p>
      ) : (
        <>
          <div
            className="timeline-plot"
            role="group"
            aria-label={`Submissions per ${unit}, highest ${highest}; each column narrows the list to its ${unit}`}
            data-testid="timeline"
          >
            <span className="timeline-scale" aria-hidden>
              {highest}
            </span>
            {columns.map((bucket) => (
              <button
                key={bucket.bucket}
                type="button"
                className="timeline-column"
                title={`${bucket.bucket}: ${present.map((kind) => `${bucket.counts[kind] ?? 0} ${kindText(kind)}`).join(', ')}`}
                aria-label={`${bucket.bucket}: ${total(bucket)} submissions; show only these`}
                onClick={() => onPick({ from: bucketStart(bucket.bucket).toISOString(), to: bucketEnd(bucket.bucket, unit).toISOString() })}
              >
                {stackOrder.map((kind) =>
                  bucket.counts[kind] ? (
                    <span key={kind} className={`timeline-bar ${kind}`} style={{ height: `${(100 * bucket.counts[kind]) / highest}%` }} />
                  ) : null,
                )}
              </button>
            ))}
          </div>
          <ul className="timeline-legend" aria-label="Colours">
            {present.map((kind) => (
              <li key={kind}>
                <span className={`timeline-swatch ${kind}`} aria-hidden /> {kindText(kind)}
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
