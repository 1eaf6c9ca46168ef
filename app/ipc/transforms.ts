import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerTransformHandlers({ pseudonyms }: Services): Pick<Handlers, 'transforms:pseudonyms'> {
  return {
    'transforms:pseudonyms': ({ values }) => pseudonyms.replacements(values),
  };
}
