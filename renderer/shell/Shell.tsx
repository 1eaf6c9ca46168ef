import './shell.css';
import { lazy, useState } from 'react';
import type { AppInfo } from '../../app/common/ipc.ts';
import { CommandPalette } from '../commands/CommandPalette.tsx';
import { useRequestsFromMain } from '../commands/from-main.ts';
import { useCommandKeys } from '../commands/keyboard.ts';
import { runCommand, useCommand, withShortcut } from '../base/state/command-registry.ts';
import { ShortcutSheet } from '../commands/ShortcutSheet.tsx';
import { useDraftAutosave } from '../composer/autosave.ts';
import { BatchTabs } from '../composer/BatchTabs.tsx';
import { CompareWith } from '../composer/CompareWith.tsx';
import { PlainBatchEditor } from '../composer/PlainBatchEditor.tsx';
import { EnvironmentEditor } from '../environments/EnvironmentEditor.tsx';
import { EnvironmentList } from '../environments/EnvironmentList.tsx';
import { HistoryScreen } from '../history/HistoryScreen.tsx';
import { useHistoryRefresh } from '../base/data/history-queries.ts';
import { RecentSubmissions } from '../history/RecentSubmissions.tsx';
import { useActiveEnvironment } from '../base/data/environment-queries.ts';
import { LoginDialog } from '../session/LoginDialog.tsx';
import { useSessionEvents } from '../base/data/session-queries.ts';
import { SessionBar } from '../session/SessionBar.tsx';
import { SandboxScreen } from '../sandbox/SandboxScreen.tsx';
import { ResponsePanel } from '../send/ResponsePanel.tsx';
import { useSendProgressEvents } from '../send/useSend.ts';
import { PlanDraftHost } from '../plans/PlanDraftHost.tsx';
import { ReplayHost } from '../replay/ReplayHost.tsx';
import { useRunEvents } from '../runs/queries.ts';
import { RunsScreen } from '../runs/RunsScreen.tsx';
import { useApi } from '../base/queries.ts';
import { useNotices, useUi } from '../base/state/ui.ts';
import { useHelp } from '../base/state/help.ts';
import { useWorkspaceEvents } from '../base/data/workspace-queries.ts';
import { ReloadQuestionDialog } from '../workspace/ReloadQuestionDialog.tsx';
import { WorkspacePanel } from '../workspace/WorkspacePanel.tsx';
import { AboutDialog } from './AboutDialog.tsx';
import { AppearanceControl } from './AppearanceControl.tsx';
import { Notices } from './Notices.tsx';
import { QuestionDialog } from '../base/widgets/QuestionDialog.tsx';
import { ServicesNotice } from './ServicesNotice.tsx';
import { BatchEditor, setEditorsLoader } from '../base/editors.ts';
import { EditorSlot } from '../base/widgets/EditorSlot.tsx';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';

setEditorsLoader(() => import('./editors.ts'));

// The guide and its Markdown reader load when Help is first opened, not with the window.
const HelpScreen = lazy(async () => ({ default: (await import('../help/HelpScreen.tsx')).HelpScreen }));

/** Help's chunk could not load (a damaged install): said where Help would be, the rest of the window unharmed. */
function GuideFailed({ error }: { error: unknown }) {
  return (
    <ErrorNotice title="The guide could not be loaded" error={error}>
      <p>Restart EventDesk; if this happens again, install it again. The guide is also in the docs/guide folder of EventDesk&apos;s repository.</p>
    </ErrorNotice>
  );
}

/** The frame later screens fill: environments and history on the left, the composer, the response. */
export function Shell({ info }: { info: AppInfo }) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const [aboutOpen, setAboutOpen] = useState(false);
  const environment = useActiveEnvironment();
  const screen = useUi((state) => state.screen);
  const show = useUi((state) => state.show);
  useSessionEvents();
  useDraftAutosave();
  useSendProgressEvents();
  useHistoryRefresh();
  useWorkspaceEvents();
  useRunEvents();

  useCommandKeys();
  useRequestsFromMain();
  useCommand('view.composer', () => show('composer'));
  useCommand('view.history', () => show('history'));
  useCommand('view.sandbox', () => show('sandbox'));
  useCommand('view.runs', () => show('runs'));
  useCommand('help.about', () => setAboutOpen(true));
  useCommand('help.docs', () => useHelp.getState().open());
  useCommand('help.dataFolder', () => api.app.openDataFolder());
  useCommand('help.diagnostics', () =>
    api.app.exportDiagnostics().then((saved) => saved && notify('success', `Diagnostics saved to ${saved.path}. They hold no secret.`)),
  );

  return (
    <div className="app">
      <ServicesNotice />
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
              ['composer', 'Composer'],
              ['history', 'History'],
              ['sandbox', 'Sandbox'],
              ['runs', 'Runs'],
            ] as const
          ).map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={screen === id}
              aria-controls={`screen-${id}`}
              title={withShortcut(label, `view.${id}`)}
              onClick={() => show(id)}
            >
              {label}
            </button>
          ))}
        </div>
        <span className="spacer" />
        <button type="button" onClick={() => runCommand('help.palette')} title={withShortcut('Every command by name', 'help.palette')}>
          Commands
        </button>
        <button type="button" aria-pressed={screen === 'help'} onClick={() => runCommand('help.docs')} title="The guide, offline and searchable">
          Help
        </button>
        <button type="button" onClick={() => setAboutOpen(true)} title={withShortcut('About EventDesk', 'help.about')}>
          About
        </button>
      </header>
      <div className="workspace">
        <nav className="sidebar" aria-label="Environments and history">
          <WorkspacePanel />
          <EnvironmentList />
          <RecentSubmissions />
        </nav>
        <div className="screen composer-screen" id="screen-composer" role="tabpanel" hidden={screen !== 'composer'}>
          <main className="composer" aria-labelledby="composer-heading">
            {environment && <SessionBar environment={environment} />}
            <div className="pane-header">
              <h1 id="composer-heading">Batch</h1>
              <BatchTabs />
              <CompareWith />
            </div>
            <EditorSlot loading={<PlainBatchEditor />} failed={(error) => <PlainBatchEditor problem={error} />}>
              <BatchEditor />
            </EditorSlot>
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
        <div className="screen" id="screen-runs" role="tabpanel" aria-labelledby="runs-heading" hidden={screen !== 'runs'}>
          <RunsScreen />
        </div>
        {screen === 'help' && (
          <div className="screen" id="screen-help">
            <EditorSlot loading={<p className="empty">Opening the guide…</p>} failed={(error) => <GuideFailed error={error} />}>
              <HelpScreen />
            </EditorSlot>
          </div>
        )}
      </div>
      <Notices />
      <footer className="statusbar">
        <span className={info.secretStorage.protectsSecrets ? '' : 'warning'} data-testid="secret-storage-status">
          {info.secretStorage.summary}
        </span>
        <span className="spacer" />
        <AppearanceControl />
        <span>
          {info.name} {info.version}
        </span>
      </footer>
      <AboutDialog info={info} open={aboutOpen} onClose={() => setAboutOpen(false)} />
      <CommandPalette />
      <ShortcutSheet />
      <LoginDialog />
      <EnvironmentEditor />
      <PlanDraftHost />
      <ReplayHost />
      <ReloadQuestionDialog />
      <QuestionDialog />
    </div>
  );
}
