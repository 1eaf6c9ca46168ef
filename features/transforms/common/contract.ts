import { z } from 'zod';
import type { ChannelSchemas } from '../../../base/common/contract.ts';
import { PERSONAL_KINDS } from './personal-data.ts';

/** pseudonymize's personal values, bounded: a batch of 100 000 events has a customer and a device each, and text is short. */
export const MAX_PSEUDONYM_VALUES = 200_000;
export const MAX_PSEUDONYM_VALUE_CHARS = 1024;
export const PersonalValueSchema = z.object({ kind: z.enum(PERSONAL_KINDS), value: z.string().max(MAX_PSEUDONYM_VALUE_CHARS) });

export const transformsChannels = {
  /**
   * The replacement of each personal value pseudonymize puts in (features/transforms/common/pseudonymize.ts),
   * in the same order: keyed with the data folder's pseudonym key, which never leaves main.
   */
  'transforms:pseudonyms': { input: z.object({ values: z.array(PersonalValueSchema).max(MAX_PSEUDONYM_VALUES) }), output: z.array(z.string()) },
} as const satisfies ChannelSchemas;
