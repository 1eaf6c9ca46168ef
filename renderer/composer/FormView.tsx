import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { Diagnostic } from '../../shared/validation.ts';
import type { monaco } from '../monaco/setup.ts';
import type { Batch } from '../state/composer.ts';
import { EventForm } from './EventForm.tsx';
import { problemsByEvent, text, worst, type EventRecord } from './event-problems.ts';
import { useFormEvents } from './form-events.ts';


/**
 * The same batch as a list of events and a form. The JSON text stays the only truth: the list
 * is read from it, and each change is made on it, so the JSON view shows it at once.
 */
export function FormView({ batch, model, diagnostics, serviceIdField, timeZone, onShowJson }: { batch: Batch; model: monaco.editor.ITextModel; diagnostics: Diagnostic[]; serviceIdField: string; timeZone: string; onShowJson: (line: number, column: number) => void }) {
  const { events, edit } = useFormEvents(model);
  const problems = useMemo(() => problemsByEvent(diagnostics), [diagnostics]);
  const [selected, setSelected] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is meant to be read during render
  const rows = useVirtualizer({ count: events?.length ?? 0, getScrollElement: () => list.current, estimateSize: () => 44, overscan: 12 });

  if (!events) {
    const syntax = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    return (
      <div className="form-view-problem" role="alert">
        <p>The form needs a JSON array of events{syntax ? `: ${syntax.message}` : '.'}</p>
        {syntax && (
          <button type="button" className="link" onClick={() => onShowJson(syntax.line, syntax.column)}>
            Go to line {syntax.line}, column {syntax.column} in the JSON view
          </button>
        )}
      </div>
    );
  }

  if (events.length === 0) return <p className="empty">The batch has no events yet. Add one in the JSON view (type “New event” for a snippet).</p>;
  const index = Math.min(selected, events.length - 1);
  const event = events[index];
  return (
    <div className="form-view">
      <div className="event-list" ref={list} role="listbox" aria-label="Events">
        <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
          {rows.getVirtualItems().map((row) => {
            const item = (events[row.index] ?? {}) as EventRecord;
            const mark = worst(problems.get(row.index));
            return (
              <div
                key={row.key}
                role="option"
                aria-selected={row.index === index}
                className="event-row"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
                onClick={() => setSelected(row.index)}
              >
                <span className="muted">{row.index + 1}</span>{' '}
                {mark && (
                  <span className={`event-mark ${mark.severity}`} title={`${mark.count} ${mark.count === 1 ? 'problem' : 'problems'}`}>
                    {mark.severity === 'error' ? '●' : '▲'}
                    <span className="visually-hidden">{` ${mark.count} ${mark.count === 1 ? 'problem' : 'problems'}`}</span>
                  </span>
                )}{' '}
                <strong>{text(item.token) || '(no token)'}</strong>
                <span className="muted">
                  {' '}
                  {text(item.customer_id)} · {text(item.created_at)}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      {event && typeof event === 'object' && !Array.isArray(event) ? (
        <EventForm
          key={index}
          batch={batch}
          index={index}
          event={event as EventRecord}
          serviceIdField={serviceIdField}
          timeZone={timeZone}
          problems={problems.get(index) ?? new Map()}
          onEdit={(change) => edit(index, change)}
        />
      ) : (
        <p className="problem">Event {index + 1} is not an object; fix it in the JSON view.</p>
      )}
    </div>
  );
}
