import { pseudonymsWithKey } from '../../../features/transforms/node/pseudonyms.ts';
import {
  personalValues,
  pseudonymize,
  replacementsOf,
  type PseudonymizeOptions,
  type TransformResult,
} from '../../../features/transforms/common/transforms.ts';

/** Pseudonymizes as the app does (list, ask the key holder, put in), under a key a test chooses. */
export function pseudonymizeWithKey(
  events: readonly unknown[],
  options: Omit<PseudonymizeOptions, 'replacements'>,
  key = new Uint8Array(32).fill(7),
): TransformResult {
  const listed = personalValues(events, options);
  if (!listed.ok) return listed;
  const replacements = pseudonymsWithKey(key).replacements(listed.values);
  return pseudonymize(events, { ...options, replacements: replacementsOf(listed.values, replacements) });
}
