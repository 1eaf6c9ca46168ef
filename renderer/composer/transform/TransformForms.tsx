import { formatDateTime } from '../../../base/common/datetime.ts';
import type { TransformInputs, TransformKind } from './transform-inputs.ts';

/** The form of each transform: what it needs, in the user's words. */

type Change = (inputs: Partial<TransformInputs>) => void;

function Radio<T extends string>({
  name,
  value,
  current,
  onChange,
  children,
}: {
  name: string;
  value: T;
  current: T;
  onChange: (value: T) => void;
  children: string;
}) {
  return (
    <label className="checkbox">
      <input type="radio" name={name} value={value} checked={current === value} onChange={() => onChange(value)} />
      {children}
    </label>
  );
}

function MomentField({ label, value, onChange, timeZone }: { label: string; value: string; onChange: (value: string) => void; timeZone: string }) {
  return (
    <label className="field">
      {label}
      <input
        type="text"
        value={value}
        placeholder="YYYY-MM-DD HH:MM:SS"
        onChange={(change) => onChange(change.target.value)}
        spellCheck={false}
        aria-description={`In ${timeZone}`}
      />
    </label>
  );
}

function ShiftForm({ inputs, onChange, timeZone }: { inputs: TransformInputs; onChange: Change; timeZone: string }) {
  return (
    <>
      <fieldset className="transform-choices">
        <legend>Which event lands there</legend>
        <Radio name="anchor" value="latest" current={inputs.anchor} onChange={(anchor) => onChange({ anchor })}>
          The latest event
        </Radio>
        <Radio name="anchor" value="earliest" current={inputs.anchor} onChange={(anchor) => onChange({ anchor })}>
          The earliest event
        </Radio>
      </fieldset>
      <fieldset className="transform-choices">
        <legend>Where it lands</legend>
        <Radio name="target" value="now" current={inputs.target} onChange={(target) => onChange({ target })}>
          {`Now (${formatDateTime(new Date(), timeZone)})`}
        </Radio>
        <Radio name="target" value="moment" current={inputs.target} onChange={(target) => onChange({ target })}>
          At a chosen moment
        </Radio>
        {inputs.target === 'moment' && <MomentField label="Moment" value={inputs.moment} onChange={(moment) => onChange({ moment })} timeZone={timeZone} />}
      </fieldset>
      <p className="hint">
        Every other event moves by the same amount, so the spacing between events stays exactly as it is. Times are read and written in {timeZone}.
      </p>
    </>
  );
}

function SpreadForm({ inputs, onChange, timeZone }: { inputs: TransformInputs; onChange: Change; timeZone: string }) {
  return (
    <>
      <div className="transform-period">
        <MomentField label="From" value={inputs.from} onChange={(from) => onChange({ from })} timeZone={timeZone} />
        <MomentField label="To" value={inputs.to} onChange={(to) => onChange({ to })} timeZone={timeZone} />
      </div>
      <p className="hint">
        The events get times evenly spaced over the period, in their order in the batch: the first at From, the last at To. Times are in {timeZone}.
      </p>
    </>
  );
}

function PseudonymizeForm({ inputs, onChange }: { inputs: TransformInputs; onChange: Change }) {
  return (
    <>
      <p className="hint">
        Replaces <code>customer_id</code>, <code>device_id</code> (with a new UUID), and every email address, phone number and IP address found in a value, free
        text included. The same value gets the same replacement everywhere, so events of one customer still belong together.
      </p>
      <label className="field">
        Also replace the whole values of these fields
        <input
          type="text"
          value={inputs.fields}
          onChange={(change) => onChange({ fields: change.target.value })}
          spellCheck={false}
          aria-description="Field names, separated by commas"
        />
      </label>
      <p className="hint">
        Each replacement is made from a secret key kept in the data folder on this computer, so the next run replaces the same way; the key is never exported or
        sent.
      </p>
    </>
  );
}

function SetForm({ inputs, onChange }: { inputs: TransformInputs; onChange: Change }) {
  return (
    <>
      <label className="field">
        Field
        <input
          type="text"
          value={inputs.path}
          placeholder="svc_id, device_id or attributes.plan"
          onChange={(change) => onChange({ path: change.target.value })}
          spellCheck={false}
        />
      </label>
      <fieldset className="transform-choices">
        <legend>New value</legend>
        <Radio name="value-kind" value="value" current={inputs.valueKind} onChange={(valueKind) => onChange({ valueKind })}>
          This value for every event
        </Radio>
        {inputs.valueKind === 'value' && (
          <label className="field">
            Value
            <input
              type="text"
              value={inputs.value}
              onChange={(change) => onChange({ value: change.target.value })}
              spellCheck={false}
              aria-description='Written as JSON when it reads as JSON (12, true, null, "12"), else as text'
            />
          </label>
        )}
        <Radio name="value-kind" value="uuid" current={inputs.valueKind} onChange={(valueKind) => onChange({ valueKind })}>
          A new UUID for each event
        </Radio>
      </fieldset>
    </>
  );
}

export function TransformForm({ kind, inputs, onChange, timeZone }: { kind: TransformKind; inputs: TransformInputs; onChange: Change; timeZone: string }) {
  switch (kind) {
    case 'shift':
      return <ShiftForm inputs={inputs} onChange={onChange} timeZone={timeZone} />;
    case 'spread':
      return <SpreadForm inputs={inputs} onChange={onChange} timeZone={timeZone} />;
    case 'pseudonymize':
      return <PseudonymizeForm inputs={inputs} onChange={onChange} />;
    case 'set':
      return <SetForm inputs={inputs} onChange={onChange} />;
  }
}
