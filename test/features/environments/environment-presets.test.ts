import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, checkSettings } from '../../../features/environments/common/environment.ts';
import { EMMA_PRESET, presetOf } from '../../../features/environments/common/environment-presets.ts';

describe('environment presets', () => {
  it("EMMA's: its address and service-id field, settings that pass, and no credential", () => {
    const settings = { ...DEFAULT_SETTINGS, ...EMMA_PRESET.settings };
    expect(EMMA_PRESET.settings).toEqual({ name: 'EMMA', baseUrl: 'https://ws.emma.io', serviceIdField: 'emma_id' });
    expect(checkSettings(settings)).toEqual([]);
    expect(settings.username).toBe('');
    expect(JSON.stringify(EMMA_PRESET)).not.toMatch(/password"|apiKey"|username"/);
  });

  it('says what EMMA does not document: status codes, limits, the time zone and token refresh, each with the setting to check', () => {
    const said = EMMA_PRESET.unstated.map(({ gap, check }) => `${gap} ${check}`).join('\n');
    for (const topic of [/status codes/, /events or bytes/, /time zone/, /renewed/]) expect(said).toMatch(topic);
    for (const setting of ['Attempts per chunk', 'Chunk size', 'Time zone of server date-times', 'Remember password']) expect(said).toContain(setting);
  });

  it('is found from a base URL on the same origin only', () => {
    expect(presetOf('https://ws.emma.io')).toBe(EMMA_PRESET);
    expect(presetOf(' https://ws.emma.io/ ')).toBe(EMMA_PRESET);
    expect(presetOf('http://ws.emma.io')).toBeNull();
    expect(presetOf('https://ws.emma.io.example.com')).toBeNull();
    expect(presetOf('')).toBeNull();
  });
});
