import { TextBlocks } from '../../base/common/text-changes.ts';
import { withPseudonyms, type AskPseudonyms } from '../composer/transform/pseudonyms.ts';
import type { TransformClient } from '../composer/transform/transform-client.ts';
import { INITIAL_INPUTS, specOf } from '../composer/transform/transform-inputs.ts';

/** Which of the composer's transforms a replay runs first. */
export interface ReplayChoices {
  shift: boolean;
  pseudonymize: boolean;
}

/** The target environment's settings the transforms read times and the service id with. */
export interface ReplaySettings {
  timeZone: string;
  serviceIdField: string;
}

/** In the order `eventdesk transform` runs them: times first, then the personal values. */
const ORDER = ['shift', 'pseudonymize'] as const;

export type ReplayText = { ok: true; text: string } | { ok: false; message: string };

/**
 * The events as they will be sent: each chosen transform run on every event by the composer's
 * transform worker, with the Transform dialog's defaults (the latest event lands at `now`; the
 * default personal fields), its edits applied to the text in turn.
 */
export async function replayText(
  client: TransformClient,
  text: string,
  choices: ReplayChoices,
  settings: ReplaySettings,
  askPseudonyms: AskPseudonyms,
  now: Date,
): Promise<ReplayText> {
  let current = text;
  for (const kind of ORDER) {
    if (!choices[kind]) continue;
    const made = specOf(kind, INITIAL_INPUTS, settings, now);
    if ('problem' in made) return { ok: false, message: made.problem };
    const spec = await withPseudonyms(client, current, null, made.spec, askPseudonyms);
    if (typeof spec === 'string') return { ok: false, message: spec };
    const answer = await client.ask({ kind: 'preview', text: current, indexes: null, spec });
    if (!answer.ok) return { ok: false, message: answer.message };
    if (answer.kind !== 'preview') return { ok: false, message: 'The worker answered out of turn; try again.' };
    // The edits are in text order with offsets into the text as it is: made from the last one
    // back, each leaves the offsets of those before it true.
    const blocks = new TextBlocks([current]);
    blocks.apply([...answer.preview.edits].reverse());
    current = blocks.toString();
  }
  return { ok: true, text: current };
}
