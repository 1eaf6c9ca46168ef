import { compareRuns, type Change, type ComparedStatus } from '../../features/runs/common/compare-runs.ts';
import type { RunResult } from '../../features/runs/common/run-result.ts';
import { startedText } from '../base/data/history-format.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { useKeptRun } from './queries.ts';
import { StatusBadge } from './RunSteps.tsx';
import { stepLabel } from './run-words.ts';

const CHANGE_WORDS: Record<Change, string> = { worse: 'now fails', better: 'now passes', changed: 'changed', same: '' };

const Status = ({ status }: { status: ComparedStatus }) => <StatusBadge status={status ?? 'missing'} />;

function ComparisonTable({ earlier, later }: { earlier: RunResult; later: RunResult }) {
  const { rows, changed } = compareRuns(earlier, later);
  const [then, now] = [startedText(earlier), startedText(later)];
  return (
    <section className="run-comparison" aria-labelledby="run-comparison-heading">
      <h2 id="run-comparison-heading">
        Comparing the run of {then} with the run of {now}
      </h2>
      <p role="status">
        {changed === 0 ? 'The two runs are the same: every step has the same status in both.' : `${changed} ${changed === 1 ? 'step' : 'steps'} changed.`}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Earlier run</th>
            <th scope="col">Later run</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={JSON.stringify([row.file, row.index, row.row])} className={`change-${row.change}`}>
              <td>
                <span className="muted run-file" title={row.file}>
                  {row.scenario}
                </span>
                <br />
                {row.index === null ? 'The whole scenario' : stepLabel({ index: row.index, row: row.row, name: row.step ?? '' })}
                {row.reason && row.change !== 'same' && <p className="run-reason">{row.reason}</p>}
              </td>
              <td>
                <Status status={row.before} />
              </td>
              <td>
                <Status status={row.after} />
              </td>
              <td>{CHANGE_WORDS[row.change]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Two kept runs step by step, the older one first, what got worse at the top. */
export function RunComparison({ ids }: { ids: readonly [string, string] }) {
  const first = useKeptRun(ids[0]);
  const second = useKeptRun(ids[1]);
  const failed = first.error ?? second.error;
  if (failed) return <ErrorNotice error={failed} title="A run to compare could not be read" />;
  if (!first.data || !second.data) return <p className="empty">Reading the two runs…</p>;
  const [earlier, later] = first.data.startedAt <= second.data.startedAt ? [first.data, second.data] : [second.data, first.data];
  return <ComparisonTable earlier={earlier} later={later} />;
}
