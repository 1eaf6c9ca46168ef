import { wallClockProblem } from '../../../base/common/datetime.ts';
import { DEFAULT_PSEUDONYMIZED_FIELDS } from '../../../features/transforms/common/pseudonymize.ts';
import { assignmentProblem, typedFieldValue } from '../../../features/transforms/common/set-field.ts';
import type { TransformSpec } from './transform-protocol.ts';

/** What the transform dialog's forms hold, as typed: each kind reads its own part. */

export type TransformKind = 'shift' | 'spread' | 'pseudonymize' | 'set';

export const TRANSFORM_KINDS: readonly (readonly [TransformKind, string])[] = [
  ['shift', 'Shift times'],
  ['spread', 'Spread times'],
  ['pseudonymize', 'Pseudonymize'],
  ['set', 'Set a field'],
];

export interface TransformInputs {
  anchor: 'latest' | 'earliest';
  target: 'now' | 'moment';
  moment: string;
  from: string;
  to: string;
  /** Fields whose whole values are personal (name), comma-separated. */
  fields: string;
  path: string;
  valueKind: 'value' | 'uuid';
  value: string;
}

export const INITIAL_INPUTS: TransformInputs = {
  anchor: 'latest',
  target: 'now',
  moment: '',
  from: '',
  to: '',
  fields: DEFAULT_PSEUDONYMIZED_FIELDS.join(', '),
  path: '',
  valueKind: 'value',
  value: '',
};

/** A spec without the pseudonyms, which come from the services once the personal values are known. */
export type SpecInput = Exclude<TransformSpec, { kind: 'pseudonymize' }> | { kind: 'pseudonymize'; fields: string[] };

function momentProblem(label: string, text: string): string | null {
  if (text.trim() === '') return `${label}: enter a date and time as YYYY-MM-DD HH:MM:SS.`;
  const problem = wallClockProblem(text.trim());
  return problem ? `${label}: ${problem.message}` : null;
}

/** The spec the inputs describe, or what is missing or wrong in them. */
export function specOf(
  kind: TransformKind,
  inputs: TransformInputs,
  { timeZone, serviceIdField }: { timeZone: string; serviceIdField: string },
  now: Date,
): { spec: SpecInput } | { problem: string } {
  switch (kind) {
    case 'shift': {
      if (inputs.target === 'now') return { spec: { kind: 'shift', anchor: inputs.anchor, to: 'now', timeZone, now: now.getTime() } };
      const problem = momentProblem('Moment', inputs.moment);
      return problem ? { problem } : { spec: { kind: 'shift', anchor: inputs.anchor, to: inputs.moment.trim(), timeZone, now: now.getTime() } };
    }
    case 'spread': {
      const problem = momentProblem('From', inputs.from) ?? momentProblem('To', inputs.to);
      if (problem) return { problem };
      if (inputs.from.trim() > inputs.to.trim()) return { problem: 'From must not be later than To.' };
      return { spec: { kind: 'spread', from: inputs.from.trim(), to: inputs.to.trim(), timeZone } };
    }
    case 'pseudonymize':
      return {
        spec: {
          kind: 'pseudonymize',
          fields: inputs.fields
            .split(',')
            .map((field) => field.trim())
            .filter(Boolean),
        },
      };
    case 'set': {
      const path = inputs.path.trim();
      if (path === '') return { problem: 'Name the field to set, such as svc_id or attributes.plan.' };
      const value = inputs.valueKind === 'uuid' ? { generate: 'uuid' } : typedFieldValue(path, inputs.value);
      const problem = assignmentProblem(path, value, serviceIdField);
      return problem === null ? { spec: { kind: 'set', path, value, serviceIdField } } : { problem };
    }
  }
}
