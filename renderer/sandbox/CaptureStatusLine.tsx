import type { CaptureStatus } from '../../features/capture/common/capture.ts';
import { formatBytes } from '../../features/history/common/history.ts';
import { plural } from '../../base/common/plural.ts';

/** The file's own name, from a path of either system's kind. */
const fileName = (file: string) => file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);

/**
 * What the capture keeps and within which limits, what it could not keep when the sandbox was
 * flooded, and, when its file was damaged, that it was set aside (where to, in the store's words).
 */
export function CaptureStatusLine({ status }: { status: CaptureStatus }) {
  const name = fileName(status.file);
  const { days, megabytes } = status.retention;
  return (
    <div className="capture-status" role="status" aria-label="Capture">
      {status.capturing ? (
        <p data-testid="capture-kept">
          Kept: {plural(status.requests, 'request')}, {plural(status.events, 'event')}, {formatBytes(status.storedBytes)} in {name} ({plural(days, 'day')} /{' '}
          {megabytes.toLocaleString('en')} MB)
        </p>
      ) : (
        <p className="capture-problem">Capture is off: nothing the sandbox receives is kept. {status.problem}</p>
      )}
      {status.notCapturedEvents > 0 && (
        <p className="capture-problem" data-testid="capture-dropped">
          {plural(status.notCapturedEvents, 'event')} received but not captured (a flood faster than the capture could write, or requests too large for its size
          limit)
          {status.notCapturedRequests > 0 && `, in ${plural(status.notCapturedRequests, 'request')}`}
        </p>
      )}
      {status.capturing && status.problem !== null && (
        <p className="capture-problem" data-testid="capture-set-aside">
          {name} was damaged and set aside; a fresh one is in use. {status.problem}
        </p>
      )}
    </div>
  );
}
