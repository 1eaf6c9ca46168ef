import type { Services } from '../node/index.ts';
import { forward } from './forward.ts';

export function registerTransformHandlers({ pseudonyms }: Services) {
  return forward(pseudonyms, { 'transforms:pseudonyms': ['replacements', 'values'] });
}
