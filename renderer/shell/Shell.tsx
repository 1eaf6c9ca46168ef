import { lazy, Suspense, useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/ipc.ts';
import { useDraftAutosave } from '../composer/autosave.ts';
import { BatchTabs } from '../composer/BatchTabs.tsx';
import { EnvironmentEditor } from '../environments/EnvironmentEditor.tsx';
import { EnvironmentList } from '../environments/EnvironmentList.tsx';
import { HistoryScreen } from '../history/HistoryScreen.tsx';
import { useHistoryRefresh } from '../history/queries.ts';
import { RecentSubmissions } from '../history/RecentSubmissions.tsx';
import { useActiveEnvironment } from '../environments/queries.ts';
import { LoginDialog } from '../session/LoginDialog.tsx';
import { useSessionEvents } from '../session/queries.ts';
import { SessionBar } from '../session/SessionBar.tsx';
import { SandboxScreen } from '../sandbox/SandboxScreen.tsx';
import { ResponsePanel } from '../send/ResponsePanel.tsx';
import { useSendProgressEvents } from '../send/useSend.ts';
import { useUi, type Screen } from '../state/ui.ts';
import { AboutDialog } from './AboutDialog.tsx';
import { Notices } from './Notices.tsx';

const BatchEditor = lazy(() => import('../monaco/editors.ts').then((editors) => ({ default: editors.BatchEditor })));

/** The frame later screens fill: environments and history on the left, the composer, the response. */
export function Shell({ info }: { info: AppInfo }) {
  const [aboutOpen, setAboutOpen] = useState(false);
  const environment = useActiveEnvironment();
  const screen = useUi((state) => state.screen);
  const show = useUi((state) => state.show);
  useSessionEvents();
  useDraftAutosave();
  useSendProgressEvents();
  useHistoryRefresh();

  useEffect(() => {
    const screens: Record<string, Screen> = { '1': 'composer', '2': 'history', '3': 'sandbox' };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F1') {
        event.preventDefault();
        setAboutOpen(true);
      } else if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && screens[event.key]) {
        event.preventDefault();
        show(screens[event.key]!);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  return (
    <div className="app">
      <header className="titlebar">
        <span className="brand">EventDesk</span>
        {environment && (
          <span className="environment-chip" style={{ borderColor: environment.color }} data-testid="active-environment">
            <span className="color-dot" style={{ background: environment.color }} aria-hidden />
            {environment.name}
            {environment.production && <span className="badge production">production</span>}
          </span>
        )}
        <div className="screen-tabs" role="tablist" aria-label="Screens">
          {(
            [
              ['composer', 'Composer', '1'],
              ['history', 'History', '2'],
              ['sandbox', 'Sandbox', '3'],
            ] as const
          ).map(([id, label, key]) => (
            <button key={id} type="button" role="tab" aria-selected={screen === id} aria-controls={`screen-${id}`} title={`${label} (Ctrl+${key})`} onClick={() => show(id)}>
              {label}
            </button>
          ))}
        </div>
        <span className="spacer" />
        <button type="button" onClick={() => setAboutOpen(true)} title="About EventDesk (F1)">
          About
        </button>
      </header>
      <div className="workspace">
        <nav className="sidebar" aria-label="Environments and history">
          <EnvironmentList />
          <RecentSubmissions />
        </nav>
        <div className="screen composer-screen" id="screen-composer" role="tabpanel" hidden={screen !== 'composer'}>
          <main className="composer" aria-labelledby="composer-heading">
            {environment && <SessionBar environment={environment} />}
            <div className="pane-header">
              <h1 id="composer-heading">Batch</h1>
              <BatchTabs />
            </div>
            <Suspense fallback={<p className="empty">Loading the editor…</p>}>
              <BatchEditor />
            </Suspense>
          </main>
          <section className="response" aria-labelledby="response-heading">
            <div className="pane-header">
              <h2 id="response-heading">Response</h2>
            </div>
            <ResponsePanel />
          </section>
        </div>
        <div className="screen" id="screen-history" role="tabpanel" aria-labelledby="history-title" hidden={screen !== 'history'}>
          <HistoryScreen />
        </div>
        <div className="screen" id="screen-sandbox" role="tabpanel" aria-labelledby="sandbox-heading" hidden={screen !== 'sandbox'}>
          <SandboxScreen />
        </div>
      </div>
      <footer className="statusbar">
        <span className={info.secretStorage.protectsSecrets ? '' : 'warning'} data-testid="secret-storage-status">
          {info.secretStorage.summary}
        </span>
        <span className="spacer" />
        <span>
          {info.name} {info.version}
        </span>
      </footer>
      <AboutDialog info={info} open={aboutOpen} onClose={() => setAboutOpen(false)} />
      <LoginDialog />
      <EnvironmentEditor />
      <Notices />
    </div>
  );
}
