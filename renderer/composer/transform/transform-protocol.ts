import { changesAsEdits, type ChangedEvent } from '../../../features/transforms/common/apply-changes.ts';
import { readBatchEvents, type BatchEvents } from '../../../features/validation/common/batch-layout.ts';
import type * as transforms from '../../../features/transforms/common/transforms.ts';
import type { PersonalValue, TransformResult } from '../../../features/transforms/common/transforms.ts';
import type { TextChange } from '../../../base/common/text-changes.ts';

/**
 * What the transform dialog and its worker say to each other. The worker parses the batch,
 * runs the transform (features/transforms/common/transforms.ts) and makes its answer into text edits, so a
 * 100 000-event batch never holds up the page; the page only shows the answer and, on "Apply",
 * hands the edits to the editor's model.
 */

/** The transforms the worker runs: features/transforms/common/transforms.ts in the app, a stand-in in a test. */
export type BatchTransforms = Pick<typeof transforms, 'shiftTimes' | 'spreadTimes' | 'setField' | 'personalValues' | 'pseudonymize'>;

export type TransformSpec =
  | { kind: 'shift'; anchor: 'latest' | 'earliest'; to: string; timeZone: string; now: number }
  | { kind: 'spread'; from: string; to: string; timeZone: string }
  | { kind: 'set'; path: string; value: unknown; serviceIdField: string }
  | { kind: 'pseudonymize'; fields: string[]; replacements: Map<string, string> };

export type TransformRequest =
  | { id: number; kind: 'personal'; text: string; indexes: readonly number[] | null; fields: string[] }
  | { id: number; kind: 'preview'; text: string; indexes: readonly number[] | null; spec: TransformSpec };

/** How many changed events the preview shows: enough to check by eye, bounded for a 29 MB batch. */
export const SHOWN_EVENTS = 200;

export interface TransformPreview {
  /** How many events change. */
  changedCount: number;
  edits: TextChange[];
  /** The first SHOWN_EVENTS changed events, their fields and texts before and after. */
  shown: ChangedEvent[];
}

export type TransformAnswer =
  | { id: number; ok: true; kind: 'personal'; values: PersonalValue[] }
  | { id: number; ok: true; kind: 'preview'; preview: TransformPreview }
  | { id: number; ok: false; message: string };

const NOT_EVENTS = 'The batch is not a JSON array of events yet: fix what the Problems list shows, then transform it.';

function run(transforms: BatchTransforms, events: readonly unknown[], indexes: readonly number[] | undefined, spec: TransformSpec): TransformResult {
  switch (spec.kind) {
    case 'shift':
      return transforms.shiftTimes(events, {
        ...(indexes ? { indexes } : {}),
        anchor: spec.anchor,
        to: spec.to,
        timeZone: spec.timeZone,
        now: new Date(spec.now),
      });
    case 'spread':
      return transforms.spreadTimes(events, { ...(indexes ? { indexes } : {}), from: spec.from, to: spec.to, timeZone: spec.timeZone });
    case 'set':
      return transforms.setField(events, { ...(indexes ? { indexes } : {}), path: spec.path, value: spec.value, serviceIdField: spec.serviceIdField });
    case 'pseudonymize':
      return transforms.pseudonymize(events, { ...(indexes ? { indexes } : {}), fields: spec.fields, replacements: spec.replacements });
  }
}

/**
 * The worker's side, apart from the worker. The last batch read is kept: pseudonymizing asks
 * for the personal values first and then for the preview, of the same text.
 */
export function createTransformResponder(transforms: BatchTransforms): (request: TransformRequest) => TransformAnswer {
  let last: { text: string; batch: BatchEvents | null } | null = null;
  return (request) => {
    if (last?.text !== request.text) last = { text: request.text, batch: readBatchEvents(request.text) };
    const { batch } = last;
    if (!batch) return { id: request.id, ok: false, message: NOT_EVENTS };
    const indexes = request.indexes ?? undefined;
    try {
      if (request.kind === 'personal') {
        const personal = transforms.personalValues(batch.events, { ...(indexes ? { indexes } : {}), fields: request.fields });
        return personal.ok ? { id: request.id, ok: true, kind: 'personal', values: personal.values } : { id: request.id, ok: false, message: personal.message };
      }
      const answer = run(transforms, batch.events, indexes, request.spec);
      if (!answer.ok) return { id: request.id, ok: false, message: answer.message };
      const { edits, events } = changesAsEdits(request.text, batch, answer.events, answer.changed);
      return { id: request.id, ok: true, kind: 'preview', preview: { changedCount: events.length, edits, shown: events.slice(0, SHOWN_EVENTS) } };
    } catch (error) {
      // A transform answers bad input with a message; anything else is a fault, said in one line.
      return { id: request.id, ok: false, message: `The transform failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}
