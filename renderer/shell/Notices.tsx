import { useEffect, useState } from 'react';
import { useNotices, type Notice } from '../state/ui.ts';

/** Errors and warnings must be read, and often acted on, so they stay longer than a confirmation. */
const LIFETIME_MS: Record<Notice['tone'], number> = { info: 6000, success: 6000, warning: 14_000, error: 14_000 };

function NoticeItem({ notice }: { notice: Notice }) {
  const dismiss = useNotices((state) => state.dismiss);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // A notice being read or reached for does not vanish; once left, it gets its whole lifetime again.
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss(notice.id), LIFETIME_MS[notice.tone]);
    return () => clearTimeout(timer);
  }, [held, notice.id, notice.tone, notice.notified, dismiss]);
  return (
    <li
      className={`notice ${notice.tone}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {/* The live region holds the text alone, so the Dismiss button is not read out with it. */}
      <span role={notice.tone === 'error' ? 'alert' : 'status'}>{notice.text}</span>
      <button type="button" className="small" aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
        ×
      </button>
    </li>
  );
}

/**
 * Short messages in the corner; each closes on its own, errors later than the rest. The list is
 * no live region itself: each notice is one, so it is announced once, errors at once.
 */
export function Notices() {
  const notices = useNotices((state) => state.notices);
  return (
    <ul className="notices" aria-label="Notifications">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}
