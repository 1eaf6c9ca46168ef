import { safeStorage } from 'electron';
import { describeSecretStorage } from '../../base/node/secret-storage.ts';
import type { Cipher } from '../../base/node/ports.ts';

/**
 * The vault's cipher in the app: the OS key store through Electron's safeStorage, by its
 * asynchronous calls (Electron 45 deprecates the synchronous ones). What the store is worth is
 * asked once, after ready: the first call is what starts the asynchronous encryptor.
 */
export async function openSafeStorageCipher(): Promise<Cipher> {
  const status = describeSecretStorage(
    process.platform,
    await safeStorage.isAsyncEncryptionAvailable(),
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null,
  );
  return {
    status: () => status,
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    decrypt: async (data) => (await safeStorage.decryptStringAsync(Buffer.from(data))).result,
  };
}
