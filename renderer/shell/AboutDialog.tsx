import type { AppInfo } from '../../app/common/ipc.ts';
import { CloseButton, Modal } from '../base/widgets/Modal.tsx';

export function AboutDialog({ info, open, onClose }: { info: AppInfo; open: boolean; onClose: () => void }) {
  const runtime = [
    info.runtime.electron && `Electron ${info.runtime.electron}`,
    info.runtime.chrome && `Chromium ${info.runtime.chrome}`,
    `Node ${info.runtime.node}`,
  ].filter(Boolean);

  return (
    <Modal open={open} onClose={onClose} labelledBy="about-title" className="about">
      <h2 id="about-title">About {info.name}</h2>
      <p className="muted">Craft, check and send batches of user events by hand.</p>
      <dl>
        <dt>Version</dt>
        <dd data-testid="about-version">{info.version}</dd>
        <dt>Platform</dt>
        <dd>
          {info.platform} ({info.arch})
        </dd>
        <dt>Runtime</dt>
        <dd>{runtime.join(' · ')}</dd>
        <dt>Data folder</dt>
        <dd>
          <code data-testid="about-data-folder">{info.dataFolder}</code>
        </dd>
        <dt>Secret storage</dt>
        <dd data-testid="about-secret-storage">
          <code>{info.secretStorage.backend}</code> {info.secretStorage.summary}
        </dd>
      </dl>
      <CloseButton />
    </Modal>
  );
}
