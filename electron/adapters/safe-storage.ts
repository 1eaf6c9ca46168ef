import { safeStorage } from 'electron';
import { describeSecretStorage } from '../services/secret-storage.ts';
import type { Cipher } from '../services/vault.ts';

/** The vault's cipher in the app: the OS key store through Electron's safeStorage. */
export const safeStorageCipher: Cipher = {
  status: () =>
    describeSecretStorage(
      process.platform,
      safeStorage.isEncryptionAvailable(),
      process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null,
    ),
  encrypt: async (plain) => safeStorage.encryptString(plain),
  decrypt: async (data) => safeStorage.decryptString(Buffer.from(data)),
};
