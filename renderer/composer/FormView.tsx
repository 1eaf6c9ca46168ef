import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EventEdit } from '../../shared/batch-edit.ts';
import { formatDateTime } from '../../shared/datetime.ts';
import type { Diagnostic } from '../../shared/validation.ts';
import type { EnvironmentView } from '../../shared/environment.ts';
import { GENERATE_LIMIT } from '../../shared/templates.ts';
import { useActiveEnvironment } from '../environments/queries.ts';
import type { monaco } from '../monaco/setup.ts';
import { useComposer, type Batch } from '../state/composer.ts';
import { useNotices } from '../state/ui.ts';
import { useFormEvents } from './form-events.ts';
import { copiesOf } from './templating.ts';

type EventRecord = Record<string, unknown>;

/** An event's diagnostics by where they point: "" for the event itself, "svc_id", "attributes/plan". */
type EventProblems = Map<string, Diagnostic[]>;

/** The segments of a JSON pointer such as /3/attributes/a~1b, unescaped. */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The diagnostics of each event, by event and then by field, as the list and the form mark them. */
function problemsByEvent(diagnostics: readonly Diagnostic[]): Map<number, EventProblems> {
  const byEvent = new Map<number, EventProblems>();
  for (const diagnostic of diagnostics) {
    const [index, ...at] = pointerSegments(diagnostic.path);
    if (index === undefined || !/^\d+$/.test(index)) continue;
    const problems = byEvent.get(Number(index)) ?? new Map<string, Diagnostic[]>();
    byEvent.set(Number(index), problems);
    const key = at.join('/');
    problems.set(key, [...(problems.get(key) ?? []), diagnostic]);
  }
  return byEvent;
}

/** The worst severity among an event's problems, for its mark in the list. */
function worst(problems: EventProblems | undefined): { severity: 'error' | 'warning'; count: number } | null {
  if (!problems) return null;
  const all = [...problems.values()].flat();
  return { severity: all.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'warning', count: all.length };
}

/** A field's problems under it, named by the field so a screen reader reads them with it. */
function FieldProblems({ id, problems }: { id: string; problems: readonly Diagnostic[] | undefined }) {
  if (!problems?.length) return null;
  return (
    <ul id={id} className="field-problems">
      {problems.map((problem) => (
        <li key={`${problem.code}-${problem.line}-${problem.column}`} className={problem.severity}>
          {problem.message}
        </li>
      ))}
    </ul>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** A text field that commits on Enter or when it loses focus: each commit is one edit of the text. */
function CommitField({ label, value, onCommit, type = 'text', problems, children }: { label: string; value: string; onCommit: (value: string) => void; type?: string; problems?: readonly Diagnostic[] | undefined; children?: ReactNode }) {
  const problemsId = useId();
  const marked = Boolean(problems?.length);
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <div className="field">
      <label>
        {label}
        <div className="inline">
          <input
            type={type}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => event.key === 'Enter' && commit()}
            {...(marked ? { 'aria-invalid': true, 'aria-describedby': problemsId } : {})}
          />
          {children}
        </div>
      </label>
      <FieldProblems id={problemsId} problems={problems} />
    </div>
  );
}

/** "Generate N events from this one": each copy has its templates resolved on its own; the result opens as a new batch. */
function GenerateCopies({ batch, index, event, environment }: { batch: Batch; index: number; event: EventRecord; environment: EnvironmentView | null }) {
  const open = useComposer((state) => state.open);
  const notify = useNotices((state) => state.notify);
  const [count, setCount] = useState('100');
  const generate = () => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < GENERATE_LIMIT.min || n > GENERATE_LIMIT.max) {
      notify('error', `Generate from ${GENERATE_LIMIT.min} to ${GENERATE_LIMIT.max.toLocaleString('en')} events.`);
      return;
    }
    const result = copiesOf(event, n, environment);
    if ('problems' in result) notify('error', `Event ${index + 1} cannot be copied: ${result.problems.join(' ')}`);
    else open({ name: `${batch.name} · ${n} × event ${index + 1}`, text: result.text });
  };
  return (
    <div className="generate">
      <label>
        Generate
        <input type="number" min={GENERATE_LIMIT.min} max={GENERATE_LIMIT.max} value={count} onChange={(change) => setCount(change.target.value)} aria-label="How many events to generate" />
        events from this one
      </label>
      <button type="button" className="small" onClick={generate}>
        Generate copies
      </button>
    </div>
  );
}

function EventForm({ batch, index, event, serviceIdField, timeZone, problems, onEdit }: { batch: Batch; index: number; event: EventRecord; serviceIdField: string; timeZone: string; problems: EventProblems; onEdit: (edit: EventEdit) => void }) {
  const environment = useActiveEnvironment();
  const notify = useNotices((state) => state.notify);
  const set = (path: string[], value: unknown) => onEdit({ kind: 'set', path, value });
  const attributes = event.attributes && typeof event.attributes === 'object' && !Array.isArray(event.attributes) ? (event.attributes as Record<string, unknown>) : null;
  const rename = (from: string, to: string) => {
    if (!to || to === from) return;
    if (attributes && Object.hasOwn(attributes, to)) notify('error', `Event ${index + 1} already has an attribute named “${to}”.`);
    else onEdit({ kind: 'rename', from, to });
  };
  const serviceId = event[serviceIdField];

  return (
    <form className="event-form" aria-label={`Event ${index + 1}`} onSubmit={(submit) => submit.preventDefault()}>
      <h3>Event {index + 1}</h3>
      <FieldProblems id={`event-${index}-problems`} problems={problems.get('')} />
      <GenerateCopies batch={batch} index={index} event={event} environment={environment} />
      <CommitField label="token" value={text(event.token)} onCommit={(value) => set(['token'], value)} problems={problems.get('token')} />
      <CommitField label={`created_at (${timeZone})`} value={text(event.created_at)} onCommit={(value) => set(['created_at'], value)} problems={problems.get('created_at')}>
        <input
          type="datetime-local"
          step="1"
          aria-label="Pick created_at"
          value={typeof event.created_at === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(event.created_at) ? event.created_at.replace(' ', 'T') : ''}
          onChange={(change) => change.target.value && set(['created_at'], change.target.value.replace('T', ' ').padEnd(19, ':00').slice(0, 19))}
        />
        <button type="button" className="small" onClick={() => set(['created_at'], formatDateTime(new Date(), timeZone))}>
          Now
        </button>
      </CommitField>
      <CommitField
        label={`${serviceIdField} (integer)`}
        type="number"
        value={typeof serviceId === 'number' ? String(serviceId) : text(serviceId)}
        onCommit={(value) => set([serviceIdField], /^-?\d+$/.test(value.trim()) ? Number(value) : value)}
        problems={problems.get(serviceIdField)}
      />
      <CommitField label="device_id" value={text(event.device_id)} onCommit={(value) => set(['device_id'], value)} problems={problems.get('device_id')}>
        <button type="button" className="small" onClick={() => set(['device_id'], crypto.randomUUID())}>
          New UUID
        </button>
      </CommitField>
      <CommitField label="customer_id" value={text(event.customer_id)} onCommit={(value) => set(['customer_id'], value)} problems={problems.get('customer_id')} />
      <fieldset className="pairs">
        <legend>attributes</legend>
        <FieldProblems id={`event-${index}-attributes-problems`} problems={problems.get('attributes')} />
        {attributes === null && <p className="problem">attributes is not an object; fix it in the JSON view.</p>}
        {attributes &&
          Object.entries(attributes).map(([name, value]) => (
            <div className="pair" key={name}>
              <CommitField label="name" value={name} onCommit={(renamed) => rename(name, renamed)} />
              <CommitField label="value" value={text(value)} onCommit={(next) => set(['attributes', name], next)} problems={problems.get(`attributes/${name}`)} />
              <button type="button" className="small" aria-label={`Remove attribute ${name}`} onClick={() => onEdit({ kind: 'remove', path: ['attributes', name] })}>
                Remove
              </button>
            </div>
          ))}
        {attributes && (
          <button
            type="button"
            className="small"
            onClick={() => {
              let name = 'name';
              for (let n = 2; name in attributes; n++) name = `name${n}`;
              set(['attributes', name], '');
            }}
          >
            Add attribute
          </button>
        )}
      </fieldset>
    </form>
  );
}

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
