import { lazy, Suspense, useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/ipc.ts';
import { EnvironmentEditor } from '../environments/EnvironmentEditor.tsx';
import { EnvironmentList } from '../environments/EnvironmentList.tsx';
import { useActiveEnvironment } from '../environments/queries.ts';
import { LoginDialog } from '../session/LoginDialog.tsx';
import { useSessionEvents } from '../session/queries.ts';
import { SessionBar } from '../session/SessionBar.tsx';
import { AboutDialog } from './AboutDialog.tsx';
import { Notices } from './Notices.tsx';

const BatchEditor = lazy(() => import('../composer/BatchEditor.tsx'));

/** The frame later screens fill: environments and history on the left, the composer, the response. */
export function Shell({ info }: { info: AppInfo }) {
  const [aboutOpen, setAboutOpen] = useState(false);
  const environment = useActiveEnvironment();
  useSessionEvents();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F1') {
        event.preventDefault();
        setAboutOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
        <span className="spacer" />
        <button type="button" onClick={() => setAboutOpen(true)} title="About EventDesk (F1)">
          About
        </button>
      </header>
      <div className="workspace">
        <nav className="sidebar" aria-label="Environments and history">
          <EnvironmentList />
          <section aria-labelledby="history-heading">
            <h2 id="history-heading">History</h2>
            <p className="empty">Nothing sent yet. Every submission will be kept here, newest first.</p>
          </section>
        </nav>
        <main className="composer" aria-labelledby="composer-heading">
          {environment && <SessionBar environment={environment} />}
          <div className="pane-header">
            <h1 id="composer-heading">Batch</h1>
          </div>
          <Suspense fallback={<p className="empty">Loading the editor…</p>}>
            <BatchEditor />
          </Suspense>
        </main>
        <section className="response" aria-labelledby="response-heading">
          <div className="pane-header">
            <h2 id="response-heading">Response</h2>
          </div>
          <p className="empty">Send a batch to see the server's answer here.</p>
        </section>
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
