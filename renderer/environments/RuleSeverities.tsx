import type { EnvironmentSettings } from '../../features/environments/common/environment.ts';
import { RULE_TITLES, WARNING_CODES, type RuleSeverity, type WarningCode } from '../../features/environments/common/rules.ts';

type Severities = EnvironmentSettings['ruleSeverity'];

const CHOICES: { value: RuleSeverity; label: string }[] = [
  { value: 'error', label: 'Error' },
  { value: 'warning', label: 'Warning (default)' },
  { value: 'off', label: 'Off' },
];

/** Only the rules changed from their default are kept, so a later default reaches the others. */
function withSeverity(severities: Severities, code: WarningCode, severity: RuleSeverity): Severities {
  const { [code]: _previous, ...others } = severities;
  return severity === 'warning' ? others : { ...others, [code]: severity };
}

/**
 * The checks the specification leaves open (docs/service-api.md §5) (which fields are required, what attribute values may be…),
 * each a warning unless changed here: an error asks before a batch holding it is sent, off hides it.
 */
export function RuleSeverities({ severities, onChange }: { severities: Severities; onChange: (severities: Severities) => void }) {
  const changed = Object.keys(severities).length;
  return (
    <details className="rule-severities">
      <summary>Validation rules{changed > 0 && ` (${changed} changed)`}</summary>
      <p className="hint">
        The specification does not say which fields are required or what attribute values may be, so each of these checks is a warning unless you change it. An
        error asks before a batch holding it is sent; off hides it.
      </p>
      <div className="form-grid">
        {WARNING_CODES.map((code) => (
          <label key={code} className="rule">
            <span>{RULE_TITLES[code]}</span>
            <select value={severities[code] ?? 'warning'} onChange={(event) => onChange(withSeverity(severities, code, event.target.value as RuleSeverity))}>
              {CHOICES.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </details>
  );
}
