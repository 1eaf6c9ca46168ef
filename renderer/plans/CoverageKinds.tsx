import type { KindCount, PlanCoverage } from '../../features/plans/common/coverage.ts';
import { plural } from '../../base/common/plural.ts';

/** The kinds of a coverage as the panel lists them: seen and unplanned with their counts, never seen by name. */

export type KindOrder = 'count' | 'kind';

function ordered(kinds: readonly KindCount[], order: KindOrder): KindCount[] {
  const byKind = (a: KindCount, b: KindCount) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return order === 'kind' ? [...kinds].sort(byKind) : [...kinds].sort((a, b) => b.count - a.count || byKind(a, b));
}

/** A table of kinds and their event counts, sorted by the column whose heading was last pressed. */
function KindTable({ label, kinds, order, onOrder }: { label: string; kinds: readonly KindCount[]; order: KindOrder; onOrder: (order: KindOrder) => void }) {
  const heading = (column: KindOrder, text: string) => (
    <th
      scope="col"
      aria-sort={order === column ? (column === 'count' ? 'descending' : 'ascending') : 'none'}
      className={column === 'count' ? 'count' : undefined}
    >
      <button type="button" className="sort-heading" onClick={() => onOrder(column)} title={column === 'count' ? 'Most events first' : 'By name'}>
        {text}
      </button>
    </th>
  );
  return (
    <table className="coverage-kinds" aria-label={label}>
      <thead>
        <tr>
          {heading('kind', 'Kind')}
          {heading('count', 'Events')}
        </tr>
      </thead>
      <tbody>
        {ordered(kinds, order).map((kind) => (
          <tr key={kind.key}>
            <td>
              <code>{kind.key}</code>
            </td>
            <td className="count">{kind.count.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CoverageKinds({ coverage, order, onOrder }: { coverage: PlanCoverage; order: KindOrder; onOrder: (order: KindOrder) => void }) {
  const planned = coverage.seen.length + coverage.neverSeen.length;
  const unplannedEvents = coverage.unplanned.reduce((sum, kind) => sum + kind.count, coverage.unplannedUnlisted);
  return (
    <>
      <p className="coverage-summary" data-testid="coverage-summary">
        Covers {coverage.seen.length} of {plural(planned, 'planned kind')}
        {coverage.neverSeen.length > 0 && `; ${coverage.neverSeen.length} never seen`}
        {unplannedEvents > 0 && `; ${plural(unplannedEvents, 'event')} of unplanned kinds`}
      </p>
      <section aria-labelledby="coverage-seen">
        <h3 id="coverage-seen">Planned kinds seen ({coverage.seen.length})</h3>
        {coverage.seen.length > 0 ? (
          <KindTable label="Planned kinds seen" kinds={coverage.seen} order={order} onOrder={onOrder} />
        ) : (
          <p className="muted">None of the plan's kinds was sent.</p>
        )}
      </section>
      <section aria-labelledby="coverage-never">
        <h3 id="coverage-never">Planned kinds never seen ({coverage.neverSeen.length})</h3>
        {coverage.neverSeen.length > 0 ? (
          <ul className="coverage-never" aria-label="Planned kinds never seen">
            {coverage.neverSeen.map((kind) => (
              <li key={kind}>
                <code>{kind}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Every planned kind was sent.</p>
        )}
      </section>
      <section aria-labelledby="coverage-unplanned">
        <h3 id="coverage-unplanned">
          Unplanned kinds ({plural(coverage.unplanned.length, 'kind')}, {plural(unplannedEvents, 'event')})
        </h3>
        {coverage.unplanned.length > 0 ? (
          <KindTable label="Unplanned kinds" kinds={coverage.unplanned} order={order} onOrder={onOrder} />
        ) : (
          <p className="muted">No event of a kind the plan does not name.</p>
        )}
        {coverage.unplannedUnlisted > 0 && (
          <p className="muted">…and {plural(coverage.unplannedUnlisted, 'event')} of further kinds, counted but not listed.</p>
        )}
        {coverage.unkeyed > 0 && <p className="muted">{`${plural(coverage.unkeyed, 'event')} had no text in "${coverage.key}", so no kind.`}</p>}
      </section>
    </>
  );
}
