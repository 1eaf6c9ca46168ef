import { useEffect } from 'react';
import { useNotices, type Notice } from '../state/ui.ts';

const LIFETIME_MS = 8000;

function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useNotices((state) => state.dismiss);
  useEffect(() => {
    if (notice.tone === 'error') return;
    const timer = setTimeout(() => dismiss(notice.id), LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <li className={`notice ${notice.tone}`}>
      <span>{notice.text}</span>
      <button type="button" className="small" aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
        ×
      </button>
    </li>
  );
}

/** Short messages in the corner; errors stay until dismissed, the rest fade after a few seconds. */
export function Notices() {
  const notices = useNotices((state) => state.notices);
  return (
    <ul className="notices" aria-live="polite" aria-label="Notifications">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}
