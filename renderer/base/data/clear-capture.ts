import type { CaptureStatus } from '../../../features/capture/common/capture.ts';
import { plural } from '../../../base/common/plural.ts';

/**
 * The Sandbox tab's one Clear, for both views: it empties the whole capture, so its question
 * counts everything that goes, the requests and the events they carried.
 */
export function clearQuestion({ requests, events }: Pick<CaptureStatus, 'requests' | 'events'>): string {
  return `Clear ${plural(requests, 'captured request')} and ${plural(events, 'event')}? They cannot be brought back.`;
}

/** Why Clear cannot be pressed, or null when it can. */
export function clearDisabledReason(status: Pick<CaptureStatus, 'requests' | 'events'> | undefined): string | null {
  if (status === undefined) return 'Reading the capture…';
  return status.requests === 0 && status.events === 0 ? 'Nothing captured to clear.' : null;
}
