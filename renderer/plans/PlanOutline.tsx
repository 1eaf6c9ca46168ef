import { useMemo, useState } from 'react';
import { outlinePlan, type KindOutline } from '../../features/plans/common/plan-outline.ts';
import { plural } from '../../base/common/plural.ts';

/** Kinds listed at most: past that the JSON shows the rest, and the list stays quick to draw. */
const SHOWN_KINDS = 300;
/** Kinds shown open at first: a few can be read at a glance, many are a list to open one by one. */
const OPEN_KINDS = 3;

function KindItem({ kind, initiallyOpen }: { kind: KindOutline; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const required = kind.attributes.filter((attribute) => attribute.required).length;
  return (
    <li>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <code>{kind.key}</code>{' '}
          <span className="muted">
            {plural(kind.attributes.length, 'attribute')}
            {required > 0 && `, ${required} required`}
            {!kind.closed && ', others allowed'}
          </span>
        </summary>
        {open && (
          <>
            {kind.description && <p className="hint">{kind.description}</p>}
            {kind.attributes.length > 0 && (
              <table className="plan-attributes" aria-label={`Attributes of ${kind.key}`}>
                <thead>
                  <tr>
                    <th>Attribute</th>
                    <th>Required</th>
                    <th>Expects</th>
                  </tr>
                </thead>
                <tbody>
                  {kind.attributes.map((attribute) => (
                    <tr key={attribute.name}>
                      <td>
                        <code>{attribute.name}</code>
                      </td>
                      <td>{attribute.required ? 'required' : <span className="muted">optional</span>}</td>
                      <td>{attribute.expects}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </details>
    </li>
  );
}

/** The kinds of the plan's text as it stands, each with its attributes: what the user reviews while editing the JSON. */
export function PlanOutline({ text }: { text: string }) {
  const outline = useMemo(() => outlinePlan(text), [text]);
  if (!outline.ok) return <p className="problem">{outline.reason} The kinds show again once it is a plan.</p>;
  const { kinds } = outline;
  return (
    <section className="plan-outline" aria-label="Kinds in the plan">
      <h3>
        {plural(kinds.length, 'kind')} by “{outline.key}”
      </h3>
      <ul>
        {kinds.slice(0, SHOWN_KINDS).map((kind, index) => (
          <KindItem key={kind.key} kind={kind} initiallyOpen={kinds.length <= OPEN_KINDS || index === 0} />
        ))}
      </ul>
      {kinds.length > SHOWN_KINDS && <p className="hint">…and {plural(kinds.length - SHOWN_KINDS, 'kind')} more, in the JSON.</p>}
    </section>
  );
}
