import type { KeptRun } from '../../features/runs/common/run-schemas.ts';
import { startedText } from '../base/data/history-format.ts';
import { countsText } from './run-words.ts';

const SOURCE_WORDS = { app: 'from the app', cli: 'from the command line' } as const;

function keptRunText(run: KeptRun): string {
  return `${startedText(run)}, ${SOURCE_WORDS[run.source]}, ${run.environment ?? "each scenario's environment"}: ${countsText(run.counts)}${run.stopped ? ', stopped' : ''}`;
}

interface Props {
  runs: readonly KeptRun[];
  shownId: string | null;
  ticked: readonly string[];
  onShow: (id: string) => void;
  onTick: (id: string) => void;
  onCompare: () => void;
}

/** The workspace's kept runs, newest first: choosing one shows it; ticking two compares them. */
export function KeptRuns({ runs, shownId, ticked, onShow, onTick, onCompare }: Props) {
  return (
    <section className="kept-runs" aria-labelledby="kept-runs-heading">
      <div className="runs-section-head">
        <h2 id="kept-runs-heading">Kept runs</h2>
        <span className="spacer" />
        <button
          type="button"
          className="small"
          disabled={ticked.length !== 2}
          title={ticked.length === 2 ? 'Compares the two ticked runs, step by step' : 'Tick two runs to compare them'}
          onClick={onCompare}
        >
          Compare
        </button>
      </div>
      {runs.length === 0 ? (
        <p className="empty">No run yet. Each run, here or by eventdesk run, is kept to compare.</p>
      ) : (
        <ul className="kept-run-list">
          {runs.map((run) => {
            const text = keptRunText(run);
            return (
              <li key={run.id} className={run.id === shownId ? 'shown' : undefined}>
                <input type="checkbox" aria-label={`Tick to compare: ${text}`} checked={ticked.includes(run.id)} onChange={() => onTick(run.id)} />
                <button type="button" className="link kept-run" aria-current={run.id === shownId || undefined} onClick={() => onShow(run.id)}>
                  <span>{startedText(run)}</span>
                  <span className="muted">
                    {SOURCE_WORDS[run.source]} · {run.environment ?? "each scenario's environment"}
                  </span>
                  <span className={run.counts.failed > 0 ? 'kept-run-counts failed' : 'kept-run-counts'}>
                    {countsText(run.counts)}
                    {run.stopped && ', stopped'}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
