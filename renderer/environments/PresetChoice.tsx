import { ENVIRONMENT_PRESETS, type EnvironmentPreset } from '../../features/environments/common/environment-presets.ts';

/** New environment's first choice: blank, or a service EventDesk knows (its address and names, no credential). */
export function PresetChoice({ chosen, onChoose }: { chosen: EnvironmentPreset | null; onChoose: (preset: EnvironmentPreset | null) => void }) {
  return (
    <fieldset className="preset-choice">
      <legend>Start from</legend>
      <label className="checkbox">
        <input type="radio" name="env-preset" checked={chosen === null} onChange={() => onChoose(null)} /> A blank environment
      </label>
      {ENVIRONMENT_PRESETS.map((preset) => (
        <label className="checkbox" key={preset.id}>
          <input type="radio" name="env-preset" checked={chosen?.id === preset.id} onChange={() => onChoose(preset)} /> {preset.label}
        </label>
      ))}
    </fieldset>
  );
}

/** What the service's public documentation leaves unsaid, and the setting to check for each. */
export function PresetHelp({ preset }: { preset: EnvironmentPreset }) {
  return (
    <section className="preset-help" aria-label={`About ${preset.settings.name}`}>
      <p>
        {preset.settings.name}'s public documentation does not state these; check each setting below against your account. No credential ships with this
        environment: enter your own username, password and API key.
      </p>
      <ul>
        {preset.unstated.map(({ gap, check }) => (
          <li key={gap}>
            {gap} <em>Check: {check}</em>
          </li>
        ))}
      </ul>
    </section>
  );
}
