import type { SecretBackend, SecretStorageStatus } from '../common/secret-storage.ts';

/**
 * Decides what the OS secret store is worth. On Linux without a keyring Electron's safeStorage
 * reports `basic_text`: it "encrypts" with a hard-coded password, which is obfuscation, so it
 * does not count as protecting secrets.
 */
export function describeSecretStorage(platform: string, encryptionAvailable: boolean, linuxBackend: string | null): SecretStorageStatus {
  const backend = backendFor(platform, encryptionAvailable, linuxBackend);
  const protectsSecrets = encryptionAvailable && backend !== 'basic_text' && backend !== 'none' && backend !== 'unknown';
  return { backend, encryptionAvailable, protectsSecrets, summary: summaryFor(backend, protectsSecrets) };
}

function backendFor(platform: string, encryptionAvailable: boolean, linuxBackend: string | null): SecretBackend {
  if (!encryptionAvailable) return 'none';
  if (platform === 'darwin') return 'keychain';
  if (platform === 'win32') return 'dpapi';
  switch (linuxBackend) {
    case 'basic_text':
    case 'gnome_libsecret':
    case 'kwallet':
    case 'kwallet5':
    case 'kwallet6':
      return linuxBackend;
    default:
      return 'unknown';
  }
}

const backendNames: Record<SecretBackend, string> = {
  keychain: 'the macOS Keychain',
  dpapi: 'Windows DPAPI',
  gnome_libsecret: 'the Secret Service (libsecret)',
  kwallet: 'KWallet',
  kwallet5: 'KWallet 5',
  kwallet6: 'KWallet 6',
  basic_text: 'no keyring was found, so the only encryption on offer uses a fixed built-in password',
  unknown: 'the OS key store is one EventDesk does not recognise',
  none: 'no OS key store is available to encrypt them',
};

function summaryFor(backend: SecretBackend, protectsSecrets: boolean): string {
  if (protectsSecrets) return `Secrets are encrypted at rest with ${backendNames[backend]}.`;
  return `Secrets stay in memory only: ${backendNames[backend]}.`;
}
