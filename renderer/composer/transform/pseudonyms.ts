import { pseudonymInput, type PersonalValue } from '../../../features/transforms/common/transforms.ts';
import { MAX_PSEUDONYM_VALUES } from '../../../features/transforms/common/contract.ts';
import type { Api } from '../../base/api.ts';
import type { TransformClient } from './transform-client.ts';
import type { SpecInput } from './transform-inputs.ts';
import type { TransformSpec } from './transform-protocol.ts';

/** Pseudonyms for personal values, keyed `${kind}:${value}`: made in main, where the key stays. */
export type AskPseudonyms = (values: PersonalValue[]) => Promise<ReadonlyMap<string, string>>;

/** Asks main for the pseudonyms; the channel takes a bounded list, so a batch with more distinct values asks in parts. */
export function pseudonymsFrom(api: Api): AskPseudonyms {
  return async (values) => {
    const replacements = new Map<string, string>();
    for (let at = 0; at < values.length; at += MAX_PSEUDONYM_VALUES) {
      const part = values.slice(at, at + MAX_PSEUDONYM_VALUES);
      const answers = await api.transforms.pseudonyms({ values: part });
      part.forEach((personal, index) => replacements.set(pseudonymInput(personal), answers[index]!));
    }
    return replacements;
  };
}

/**
 * The spec the worker runs: a pseudonymize spec gets the pseudonyms of the personal values the
 * worker finds in `text` (at `indexes`, or everywhere); the others are as they are. A string
 * says why not.
 */
export async function withPseudonyms(
  client: TransformClient,
  text: string,
  indexes: readonly number[] | null,
  spec: SpecInput,
  askPseudonyms: AskPseudonyms,
): Promise<TransformSpec | string> {
  if (spec.kind !== 'pseudonymize') return spec;
  const personal = await client.ask({ kind: 'personal', text, indexes, fields: spec.fields });
  if (!personal.ok) return personal.message;
  if (personal.kind !== 'personal') return 'The worker answered out of turn; preview again.';
  const replacements = new Map(await askPseudonyms(personal.values));
  return { ...spec, replacements };
}
