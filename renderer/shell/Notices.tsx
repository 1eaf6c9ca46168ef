import { useEffect, useState } from 'react';
import { useNotices, type Notice } from '../base/state/ui.ts';

/** Errors and warnings must be read, and often acted on, so they stay longer than a confirmation. */
const LIFETIME_MS: Record<Notice['tone'], number> = { info: 6000, success: 6000, warning: 14_000, error: 14_000 };

/** Shown at once; older ones fold into "+N more", so the stack above the status bar stays short. */
const SHOWN_LIMIT = 3;

function NoticeItem({ notice, folded }: { notice: Notice; folded: boolean }) {
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
    // A folded notice keeps its timer: it goes on its own as it would have shown.
    <li
      hidden={folded}
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
 * Short messages in a stack above the status bar, pushing the screen up rather than covering it;
 * each closes on its own, errors later than the rest. The list is no live region itself: each
 * notice is one, so it is announced once (a new one is always among those shown), errors at once.
 */
export function Notices() {
  const notices = useNotices((state) => state.notices);
  const [unfolded, setUnfolded] = useState(false);
  const newest = notices
    .map((notice) => notice.notified)
    .sort((a, b) => b - a)
    .slice(0, SHOWN_LIMIT);
  const folded = notices.length - newest.length;
  return (
    <div className="notices">
      {folded > 0 && (
        <button type="button" className="small notices-more" aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)}>
          {unfolded ? 'Show the newest only' : `+${folded} more`}
        </button>
      )}
      <ul aria-label="Notifications">
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} folded={!unfolded && !newest.includes(notice.notified)} />
        ))}
      </ul>
    </div>
  );
}
