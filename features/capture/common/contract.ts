import { z } from 'zod';
import { NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { CapturedEventDetailSchema, CapturedEventsPageSchema, CapturedEventsQuerySchema, CapturedSelectionSchema } from './capture-events.ts';
import { CaptureHarInputSchema, CaptureRequestsInputSchema, CaptureRequestsSchema, CapturedRequestDetailSchema } from './capture-requests.ts';
import { CaptureStatusSchema } from './capture.ts';

export const captureChannels = {
  /** What the embedded sandbox's capture holds, how many events it could not keep, and why its file was set aside if it was. */
  'capture:status': { input: NoInput, output: CaptureStatusSchema },

  /** The Sandbox tab's requests, from the capture: the newest, or those written after the one the tab holds (waiting briefly for the capture's queue). */
  'capture:requests': { input: CaptureRequestsInputSchema, output: CaptureRequestsSchema },
  /** One captured request whole (masked as kept), with its events' verdicts and plan violations; capture-request-gone once cleared or dropped. */
  'capture:request': { input: z.object({ id: z.number().int().min(1) }), output: CapturedRequestDetailSchema },
  /** Empties the capture and the sandbox's memory of requests; says how much went. */
  'capture:clear': { input: NoInput, output: z.object({ requests: z.number().int().min(0), events: z.number().int().min(0) }) },
  /** These captured requests as HAR 1.2, masked, saved where the user chooses in main's dialog; null when cancelled. */
  'capture:exportHar': { input: CaptureHarInputSchema, output: z.object({ path: z.string(), count: z.number().int().min(1) }).nullable() },

  /**
   * The Events view: a page of the captured events a filter (the composer's language, and a
   * verdict) matches, in arrival order, with how many match; a bad expression is refused
   * (capture-filter) with its column. The selection channels take places in that list.
   */
  'capture:events': { input: CapturedEventsQuerySchema, output: CapturedEventsPageSchema },
  'capture:event': { input: z.object({ requestId: z.number().int(), index: z.number().int().min(0) }), output: CapturedEventDetailSchema },
  /** The selected events as a JSON array's text (Copy, Open in composer, Replay), bounded (capture-selection-too-large). */
  'capture:eventsText': { input: CapturedSelectionSchema, output: z.object({ text: z.string(), count: z.number().int().min(0), source: z.string() }) },
  /** Saves the selected events where the user chooses (main's save dialog); null when cancelled. */
  'capture:saveEvents': {
    input: z.object({ selection: CapturedSelectionSchema, format: z.enum(['json', 'ndjson']) }),
    output: z.object({ path: z.string(), count: z.number().int().min(0) }).nullable(),
  },
} as const satisfies ChannelSchemas;

export const capturePushes = {
  /** The capture kept new events (at most every 250 ms while they come): the Events view reads its page again. */
  'capture:eventsChanged': z.object({ events: z.number().int().min(0) }),
} as const satisfies PushSchemas;
