import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useEffect, useRef } from 'react';
import {
  KEY_FIELDS,
  pathText,
  type DiffEntry,
  type DifferingEvent,
  type FieldDifference,
  type KeyFields,
} from '../../features/transforms/common/event-diff.ts';
import { plural } from '../../base/common/plural.ts';

/** A value is cut here in the list: the text diff shows it whole. */
const VALUE_CHARS = 300;
const ROW_HEIGHT = 26;

export function valueText(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
}

/** A field's name, breaking only after a dot ("attributes." / "email"), never inside a name: the table gives its column room for the longest part. */
export function FieldName({ text }: { text: string }) {
  const parts = text.split(/(?<=\.)/);
  return (
    <code>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span>{part}</span>
        </Fragment>
      ))}
    </code>
  );
}

/** What happened to a field, in words and a sign, so the change never rests on colour alone. */
function change(field: FieldDifference): { kind: string; text: string } {
  if (field.left === undefined) return { kind: 'added', text: '+ only right' };
  if (field.right === undefined) return { kind: 'removed', text: '− only left' };
  return { kind: 'changed', text: '≠ changed' };
}

function keyText(key: KeyFields): string {
  const parts = KEY_FIELDS.filter((field) => key[field] !== undefined).map((field) => `${field} ${valueText(key[field])}`);
  return parts.length > 0 ? parts.join(' · ') : 'no token, customer_id or created_at';
}

function DifferingRow({ event }: { event: DifferingEvent }) {
  const numbers = event.left === event.right ? `Event ${event.left}` : `Event ${event.left} (left) ↔ event ${event.right} (right)`;
  return (
    <table className="event-diff-table" aria-label={numbers}>
      <caption>
        {numbers} · {plural(event.fields.length, 'field')} {event.fields.length === 1 ? 'differs' : 'differ'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Left</th>
          <th scope="col">Right</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {event.fields.map((field) => {
          const { kind, text } = change(field);
          return (
            <tr key={pathText(field.path)} className={kind}>
              <th scope="row" className="diff-field">
                <FieldName text={pathText(field.path)} />
              </th>
              <td className="diff-left">
                <code>{valueText(field.left)}</code>
              </td>
              <td className="diff-right">
                <code>{valueText(field.right)}</code>
              </td>
              <td className="diff-change">{text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function LoneRow({ entry }: { entry: Extract<DiffEntry, { kind: 'only-left' | 'only-right' }> }) {
  const side = entry.kind === 'only-left' ? 'left' : 'right';
  return (
    <p className={`event-diff-lone ${entry.kind}`}>
      <span className="diff-change">{side === 'left' ? '− only left' : '+ only right'}</span> Event {entry.event.number} ({side}): {keyText(entry.event.key)}
    </p>
  );
}

/**
 * The events that differ, each with its fields side by side, then those on one side only:
 * virtualized, and each entry fetched from the diff worker as it comes into view, so 100 000 of
 * them cost what is in view. Rows are measured as they render, since an event can differ in any
 * number of fields.
 */
export function EventDiffList({
  count,
  entry,
  want,
}: {
  count: number;
  entry: (index: number) => DiffEntry | undefined;
  want: (first: number, last: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is meant to be read during render
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => {
      const shown = entry(index);
      return shown?.kind === 'differs' ? ROW_HEIGHT * (shown.event.fields.length + 2) + 8 : ROW_HEIGHT * 3 + 8;
    },
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= 0) want(first, last);
  }, [first, last, want]);

  if (count === 0) return null;
  return (
    <div className="event-diff-list" ref={scroller} data-testid="event-diff-list">
      <div role="list" aria-label="Events that differ or are on one side only" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const shown = entry(item.index);
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="event-diff-entry"
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              {!shown ? <p className="muted">Loading…</p> : shown.kind === 'differs' ? <DifferingRow event={shown.event} /> : <LoneRow entry={shown} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
