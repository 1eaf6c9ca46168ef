import { describe, expect, it } from 'vitest';
import { describeSecretStorage } from '../../../base/node/secret-storage.ts';

describe('secret storage status', () => {
  it('counts the macOS Keychain and Windows DPAPI as protection', () => {
    expect(describeSecretStorage('darwin', true, null)).toMatchObject({ backend: 'keychain', protectsSecrets: true });
    expect(describeSecretStorage('win32', true, null)).toMatchObject({ backend: 'dpapi', protectsSecrets: true });
  });

  it('counts a Linux keyring as protection', () => {
    expect(describeSecretStorage('linux', true, 'gnome_libsecret')).toMatchObject({ backend: 'gnome_libsecret', protectsSecrets: true });
    expect(describeSecretStorage('linux', true, 'kwallet6')).toMatchObject({ backend: 'kwallet6', protectsSecrets: true });
  });

  it('does not count basic_text as protection, even though encryption reports available', () => {
    const status = describeSecretStorage('linux', true, 'basic_text');
    expect(status).toMatchObject({ backend: 'basic_text', encryptionAvailable: true, protectsSecrets: false });
    expect(status.summary).toMatch(/memory only/);
  });

  it('reports none when encryption is unavailable', () => {
    expect(describeSecretStorage('linux', false, 'gnome_libsecret')).toMatchObject({ backend: 'none', protectsSecrets: false });
  });

  it('does not trust a backend it does not recognise', () => {
    expect(describeSecretStorage('linux', true, 'something_new')).toMatchObject({ backend: 'unknown', protectsSecrets: false });
  });
});
