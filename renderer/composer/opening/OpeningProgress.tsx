import './opening-progress.css';
import { useEffect, useState } from 'react';
import { PROGRESS_DELAY_MS, progressShows, useOpening, type Opening } from './opening.ts';

const size = (length: number) => (length < 1024 * 1024 ? `${Math.ceil(length / 1024)} KB` : `${(length / 1024 / 1024).toFixed(1)} MB`);

function stepText(opening: Opening): string {
  const name = opening.name ?? 'the file';
  if (opening.step === 'reading') return `Reading ${name}…`;
  if (opening.step === 'importing') return `Importing ${name}…`;
  return `Loading ${name}${opening.length === null ? '' : ` (${size(opening.length)})`} into the editor…`;
}

/** The progress of a file being opened or imported, once it takes long enough to notice (see progressShows), with its Cancel when it has one. */
export function OpeningProgress() {
  const opening = useOpening((state) => state.opening);
  const [now, setNow] = useState(() => performance.now());
  const shows = opening !== null && progressShows(opening, now);

  // Looks again when the delay is up, and again if the timer fired a hair early.
  useEffect(() => {
    if (opening === null || shows || opening.since === null) return;
    const timer = setTimeout(() => setNow(performance.now()), Math.max(0, opening.since + PROGRESS_DELAY_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [opening, shows, now]);

  if (!shows) return null;
  const text = stepText(opening);
  return (
    <span className="opening-progress" data-testid="opening-progress">
      <progress aria-label={`${opening.step === 'importing' ? 'Importing' : 'Opening'} ${opening.name ?? 'a file'}`} aria-valuetext={text} />
      <span className="muted">{text}</span>
      {opening.cancel && (
        <button type="button" className="small" onClick={opening.cancel}>
          Cancel
        </button>
      )}
    </span>
  );
}
