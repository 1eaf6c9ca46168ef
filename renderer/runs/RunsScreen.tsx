import './runs.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { countSteps } from '../../features/runs/common/run-result.ts';
import type { WorkspaceListing } from '../../features/workspace/common/workspace.ts';
import { runCommand } from '../base/state/command-registry.ts';
import { startedText } from '../base/data/history-format.ts';
import { useApi } from '../base/queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { useUi } from '../base/state/ui.ts';
import { useHelp } from '../base/state/help.ts';
import { useWorkspace } from '../base/data/workspace-queries.ts';
import { KeptRuns } from './KeptRuns.tsx';
import { isRunning, useLiveRun, type LiveRun } from './live-run.ts';
import { runsKey, useKeptRun, useKeptRuns, useWorkspaceScenarios } from './queries.ts';
import { useRunControl } from './run-control.ts';
import { RunSecretsDialog } from './RunSecretsDialog.tsx';
import { RunComparison } from './RunComparison.tsx';
import { RunSteps } from './RunSteps.tsx';
import { countsText } from './run-words.ts';
import { ScenarioList } from './ScenarioList.tsx';

type Shown = { kind: 'live' } | { kind: 'kept'; id: string } | { kind: 'compare'; ids: [string, string] };

/** "Run ended: 2 passed, 1 failed" (or stopped, by Stop or at the first failure), once the run has ended; null while it goes on. */
function endText(run: LiveRun | null): string | null {
  if (!run?.result) return null;
  return `Run ${run.result.stopped ? 'stopped' : 'ended'}: ${countsText(countSteps(run.result))}`;
}

/** The Runs screen: the open workspace's scenarios, run one or all and watch each step, the runs kept, two compared. */
export function RunsScreen() {
  const listing = useWorkspace().data ?? null;
  return (
    <main className="runs-screen" aria-labelledby="runs-heading">
      {listing ? (
        <WorkspaceRuns key={listing.root} listing={listing} />
      ) : (
        <>
          <RunsHeader />
          <div className="runs-empty">
            <p>No workspace is open. Runs check the scenarios a workspace keeps beside its batches and environments.</p>
            <button type="button" className="primary" onClick={() => runCommand('workspace.open')}>
              Open workspace…
            </button>
          </div>
        </>
      )}
      <RunSecretsDialog />
    </main>
  );
}

function RunsHeader({ children }: { children?: ReactNode }) {
  return (
    <div className="pane-header runs-header">
      <h1 id="runs-heading">Runs</h1>
      {children}
    </div>
  );
}

function LiveRunPane({ run }: { run: LiveRun | null }) {
  if (!run) return <p className="empty">Run all, or one scenario&apos;s Run, to see each step here as it goes.</p>;
  return (
    <section aria-labelledby="live-run-heading">
      <h2 id="live-run-heading">{endText(run) ?? 'Running…'}</h2>
      <RunSteps scenarios={run.scenarios} />
    </section>
  );
}

function KeptRunPane({ id }: { id: string }) {
  const kept = useKeptRun(id);
  if (kept.error) return <ErrorNotice error={kept.error} title="This run could not be read" />;
  if (!kept.data) return <p className="empty">Reading the run…</p>;
  return (
    <section aria-labelledby="kept-run-heading">
      <h2 id="kept-run-heading">
        Run of {startedText(kept.data)}: {kept.data.stopped && 'stopped, '}
        {countsText(countSteps(kept.data))}
      </h2>
      <RunSteps scenarios={kept.data.scenarios} />
    </section>
  );
}

function WorkspaceRuns({ listing }: { listing: WorkspaceListing }) {
  const api = useApi();
  const shownScreen = useUi((state) => state.screen === 'runs');
  const scenarios = useWorkspaceScenarios(shownScreen);
  const kept = useKeptRuns(shownScreen);
  const current = useQuery({ queryKey: [...runsKey, 'current'], queryFn: () => api.runs.current(), enabled: shownScreen });
  const restore = useLiveRun((state) => state.restore);
  const live = useLiveRun((state) => state.run);
  const running = isRunning(live);
  const defaultEnvironment = listing.manifest.defaultEnvironment;
  const { start, stop } = useRunControl();
  const [environment, setEnvironment] = useState<string | null>(null);
  const [bail, setBail] = useState(false);
  const [shown, setShown] = useState<Shown>({ kind: 'live' });
  const [ticked, setTicked] = useState<string[]>([]);
  const environments = listing.files.filter((file) => file.kind === 'environment').map((file) => file.title);
  const list = scenarios.data ?? [];

  useEffect(() => {
    if (current.data) restore(current.data);
  }, [current.data, restore]);

  const run = (files: string[]) => {
    setShown({ kind: 'live' });
    void start({ scenarios: files, environment, bail });
  };
  const tick = (id: string) => setTicked((before) => (before.includes(id) ? before.filter((other) => other !== id) : [...before.slice(-1), id]));

  return (
    <>
      <RunsHeader>
        <label>
          Environment
          <select value={environment ?? ''} onChange={(event) => setEnvironment(event.target.value || null)} disabled={running}>
            <option value="">Each scenario&apos;s own{defaultEnvironment ? `, else ${defaultEnvironment}` : ''}</option>
            {environments.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={bail} onChange={(event) => setBail(event.target.checked)} disabled={running} />
          Stop at the first failure
        </label>
        <span className="spacer" />
        {running ? (
          <button type="button" className="danger" onClick={() => void stop(live!.id)}>
            Stop
          </button>
        ) : (
          <button type="button" className="primary" disabled={list.length === 0} title="Runs every scenario of the workspace, in order" onClick={() => run([])}>
            Run all
          </button>
        )}
      </RunsHeader>
      <p role="status" className="visually-hidden">
        {endText(live)}
      </p>
      <div className="runs-body">
        <div className="runs-browse">
          <section aria-labelledby="runs-scenarios-heading">
            <div className="runs-section-head">
              <h2 id="runs-scenarios-heading">Scenarios{scenarios.data && ` (${list.length})`}</h2>
            </div>
            {scenarios.error ? (
              <ErrorNotice error={scenarios.error} title="The scenarios could not be read" />
            ) : scenarios.data && list.length === 0 ? (
              <p className="empty">
                This workspace has no scenarios yet. Add one as <code>scenarios/&lt;name&gt;.scenario.json</code>, or run <code>eventdesk init</code> in a new
                folder for a workspace with an example scenario.{' '}
                <button type="button" className="small" onClick={() => useHelp.getState().open({ page: 'guide/workspaces.md', anchor: 'scenarios' })}>
                  How to write a scenario
                </button>
              </p>
            ) : (
              <ScenarioList scenarios={list} busy={running} onRun={(file) => run([file])} />
            )}
          </section>
          {kept.error ? (
            <ErrorNotice error={kept.error} title="The kept runs could not be read" />
          ) : (
            <KeptRuns
              runs={kept.data ?? []}
              shownId={shown.kind === 'kept' ? shown.id : null}
              ticked={ticked}
              onShow={(id) => setShown({ kind: 'kept', id })}
              onTick={tick}
              onCompare={() => setShown({ kind: 'compare', ids: [ticked[0]!, ticked[1]!] })}
            />
          )}
        </div>
        <div className="runs-detail">
          {shown.kind !== 'live' && (
            <button type="button" className="small runs-back" onClick={() => setShown({ kind: 'live' })}>
              {running ? 'Back to the run under way' : 'Back to the last run'}
            </button>
          )}
          {shown.kind === 'live' && <LiveRunPane run={live} />}
          {shown.kind === 'kept' && <KeptRunPane id={shown.id} />}
          {shown.kind === 'compare' && <RunComparison ids={shown.ids} />}
        </div>
      </div>
    </>
  );
}
