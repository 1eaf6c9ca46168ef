import { useId, useState, type ReactNode } from 'react';
import type { EventEdit } from '../../../features/transforms/common/batch-edit.ts';
import { formatDateTime } from '../../../base/common/datetime.ts';
import type { KindGuide } from '../../../features/plans/common/editor-schema.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { useActiveEnvironment } from '../../base/data/environment-queries.ts';
import type { Batch } from '../../base/state/composer.ts';
import { useNotices } from '../../base/state/ui.ts';
import { text, type EventProblems, type EventRecord } from './event-problems.ts';
import { GenerateCopies } from './GenerateCopies.tsx';

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

/**
 * A text field that commits on Enter or when it loses focus: each commit is one edit of the
 * text. A commit refused (`onCommit` answers false) puts the field back to the value it shows.
 * `name` is what a screen reader calls it when the visible label alone says too little.
 */
function CommitField({
  label,
  name,
  value,
  onCommit,
  type = 'text',
  problems,
  choices,
  children,
}: {
  label: string;
  name?: string;
  value: string;
  onCommit: (value: string) => boolean | void;
  type?: string;
  problems?: readonly Diagnostic[] | undefined;
  choices?: readonly string[] | null;
  children?: ReactNode;
}) {
  const problemsId = useId();
  const choicesId = useId();
  const marked = Boolean(problems?.length);
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value && onCommit(draft) === false) setDraft(value);
  };
  return (
    <div className="field">
      <label>
        <span className="field-label">{label}</span>
        <div className="inline">
          <input
            type={type}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => event.key === 'Enter' && commit()}
            aria-label={name}
            {...(marked ? { 'aria-invalid': true, 'aria-describedby': problemsId } : {})}
            {...(choices ? { list: choicesId } : {})}
          />
          {choices && (
            <datalist id={choicesId}>
              {choices.map((choice) => (
                <option key={choice} value={choice} />
              ))}
            </datalist>
          )}
          {children}
        </div>
      </label>
      <FieldProblems id={problemsId} problems={problems} />
    </div>
  );
}

export function EventForm({
  batch,
  index,
  event,
  serviceIdField,
  timeZone,
  problems,
  guide,
  onEdit,
}: {
  batch: Batch;
  index: number;
  event: EventRecord;
  serviceIdField: string;
  timeZone: string;
  problems: EventProblems;
  guide: KindGuide | null;
  onEdit: (edit: EventEdit) => void;
}) {
  const environment = useActiveEnvironment();
  const notify = useNotices((state) => state.notify);
  const set = (path: string[], value: unknown) => onEdit({ kind: 'set', path, value });
  const attributes =
    event.attributes && typeof event.attributes === 'object' && !Array.isArray(event.attributes) ? (event.attributes as Record<string, unknown>) : null;
  const rename = (from: string, to: string): boolean => {
    if (!to) {
      notify('error', `An attribute needs a name; “${from}” keeps its own.`);
      return false;
    }
    if (attributes && Object.hasOwn(attributes, to)) {
      notify('error', `Event ${index + 1} already has an attribute named “${to}”.`);
      return false;
    }
    onEdit({ kind: 'rename', from, to });
    return true;
  };
  const serviceId = event[serviceIdField];

  return (
    <form className="event-form" aria-label={`Event ${index + 1}`} onSubmit={(submit) => submit.preventDefault()}>
      <h3>Event {index + 1}</h3>
      <FieldProblems id={`event-${index}-problems`} problems={problems.get('')} />
      <CommitField label="token" value={text(event.token)} onCommit={(value) => set(['token'], value)} problems={problems.get('token')} />
      <CommitField
        label={`created_at (${timeZone})`}
        value={text(event.created_at)}
        onCommit={(value) => set(['created_at'], value)}
        problems={problems.get('created_at')}
      >
        <input
          type="datetime-local"
          step="1"
          aria-label="Pick created_at"
          value={
            typeof event.created_at === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(event.created_at) ? event.created_at.replace(' ', 'T') : ''
          }
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
      <CommitField
        label="customer_id"
        value={text(event.customer_id)}
        onCommit={(value) => set(['customer_id'], value)}
        problems={problems.get('customer_id')}
      />
      <fieldset className="pairs">
        <legend>attributes</legend>
        {guide && (
          <p className="hint" data-testid="event-kind">{`A “${guide.kind}” in the tracking plan${guide.description ? `: ${guide.description}` : ''}.`}</p>
        )}
        <FieldProblems id={`event-${index}-attributes-problems`} problems={problems.get('attributes')} />
        {attributes === null && <p className="problem">attributes is not an object; fix it in the JSON view.</p>}
        {attributes &&
          // Keyed by place, not by name: a rename keeps the attribute's place, so its row (and the
          // field the user is tabbing or clicking into) stays mounted instead of being made anew.
          Object.entries(attributes).map(([name, value], place) => {
            const planned = guide?.attributes.find((attribute) => attribute.name === name);
            return (
              <div className="pair" key={place} role="group" aria-label={`Attribute ${name}`} aria-description={planned?.description ?? undefined}>
                {/* Every row's fields read "name" and "value": a screen reader hears which attribute they belong to. */}
                <CommitField
                  label={planned?.required ? 'name (required)' : 'name'}
                  name={`Name of attribute ${place + 1}${planned?.required ? ' (required)' : ''}`}
                  value={name}
                  onCommit={(renamed) => rename(name, renamed)}
                />
                <CommitField
                  label="value"
                  name={`Value of ${name}`}
                  value={text(value)}
                  onCommit={(next) => set(['attributes', name], next)}
                  problems={problems.get(`attributes/${name}`)}
                  choices={planned?.choices ?? null}
                />
                <button
                  type="button"
                  className="small"
                  aria-label={`Remove attribute ${name}`}
                  onClick={() => onEdit({ kind: 'remove', path: ['attributes', name] })}
                >
                  Remove
                </button>
              </div>
            );
          })}
        {attributes &&
          guide?.attributes
            .filter((attribute) => attribute.required && !Object.hasOwn(attributes, attribute.name))
            .map((attribute) => (
              <button key={attribute.name} type="button" className="small" onClick={() => set(['attributes', attribute.name], attribute.choices?.[0] ?? '')}>
                {`Add ${attribute.name} (required)`}
              </button>
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
      <GenerateCopies batch={batch} index={index} event={event} environment={environment} />
    </form>
  );
}
