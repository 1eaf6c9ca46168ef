import { useId, useMemo, useState } from 'react';
import type { ChangedEvent } from '../../../features/transforms/common/apply-changes.ts';
// The dialog lives in the editor's chunk, with Monaco already loaded.
import CompareEditor from '../../compare/CompareEditor.tsx';
import { tabIdOf, ViewSwitch } from '../../base/widgets/ViewSwitch.tsx';
import type { TransformPreview as Preview } from './transform-protocol.ts';

/** A value as the batch writes it; a missing one as a dash. */
function shown(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value);
}

/** The changed events' texts, each as it sits in the batch, in one JSON array: what the diff compares. */
function arrayOf(events: readonly ChangedEvent[], side: 'before' | 'after'): string {
  return `[\n${events.map((event) => ' '.repeat(event.column) + event[side]).join(',\n')}\n]\n`;
}

export function changeCountText(count: number): string {
  if (count === 0) return 'No event changes.';
  return `${count.toLocaleString('en')} ${count === 1 ? 'event changes' : 'events change'}.`;
}

/** What a transform would do: how many events change, then each changed value or the text diff of the changed events. */
export function TransformPreview({ preview }: { preview: Preview }) {
  const [view, setView] = useState<'fields' | 'text'>('fields');
  const panel = useId();
  const texts = useMemo(() => ({ before: arrayOf(preview.shown, 'before'), after: arrayOf(preview.shown, 'after') }), [preview]);
  const more = preview.changedCount - preview.shown.length;
  return (
    <section className="transform-preview" aria-label="Preview">
      <div className="transform-preview-head">
        <strong role="status">{changeCountText(preview.changedCount)}</strong>
        {preview.changedCount > 0 && (
          <ViewSwitch
            label="Show the changes as"
            small
            panel={panel}
            options={[
              ['fields', 'Changed values'],
              ['text', 'Text diff'],
            ]}
            value={view}
            onChange={setView}
          />
        )}
      </div>
      {more > 0 && (
        <p className="hint">{`Showing the first ${preview.shown.length.toLocaleString('en')}; ${more.toLocaleString('en')} more change the same way.`}</p>
      )}
      <div role="tabpanel" id={panel} aria-labelledby={tabIdOf(panel, view)}>
        {view === 'fields' ? (
          <ol className="transform-changes" aria-label="Changed values">
            {preview.shown.map((event) => (
              <li key={event.index}>
                <span className="muted">Event {event.index + 1}</span>
                <ul>
                  {event.fields.map((field) => (
                    <li key={field.path.join('.')}>
                      <code>{field.path.join('.')}</code> <del>{shown(field.before)}</del> → <ins>{shown(field.after)}</ins>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        ) : (
          <CompareEditor original={texts.before} modified={texts.after} label="Changed events" sides={['before', 'after']} />
        )}
      </div>
    </section>
  );
}
